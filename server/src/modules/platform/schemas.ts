import { Type } from 'typebox';

const Remote = Type.Object({ entry: Type.String() });

/** Where each remote's entry lives (`RemotesMap` of the contract). */
export const RemotesSchema = Type.Object({ student: Remote, mentor: Remote, enrollee: Remote, public: Remote });
export const HealthSchema = Type.Object({ status: Type.Literal('ok') });
