import { Type } from 'typebox';
import { REMOTE_NAMES, type RemoteName } from '@academy/shared/contract';

const Remote = Type.Object({ entry: Type.String() });

/** Where each remote's entry lives (`RemotesMap` of the contract). */
export const RemotesSchema = Type.Object(
  Object.fromEntries(REMOTE_NAMES.map((name) => [name, Remote])) as { [N in RemoteName]: typeof Remote },
);
export const HealthSchema = Type.Object({ status: Type.Literal('ok') });
