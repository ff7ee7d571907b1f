import { Type } from 'typebox';
import { MESSAGE_NAMES } from './service';

export const MessageParams = Type.Object({ name: Type.Enum(MESSAGE_NAMES) });
export const MessageSchema = Type.Object({ message: Type.String() });
