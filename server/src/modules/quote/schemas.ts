import { Type } from 'typebox';

/** A quote of the student frame (`Quote` of the contract). */
export const QuoteSchema = Type.Object({ text: Type.String(), author: Type.String() });
