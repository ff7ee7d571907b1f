import { Type } from 'typebox';
import { Id, Nullable } from '../../common/schemas';

// requests
export const MarkReadBody = Type.Object({ sgnId: Id });

// replies
/** A notification of the bell (`GeneralNotification` of the contract); `show` true means read. */
export const NotificationSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  message: Type.String(),
  dateTime: Type.String(),
  endTime: Nullable(Type.String()),
  show: Type.Boolean(),
  important: Type.Boolean(),
});
