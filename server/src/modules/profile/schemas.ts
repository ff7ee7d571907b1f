import { Type } from 'typebox';
import { DIRECTIONS, INACTIVATION_REASONS, LANGUAGES, PAYMENT_TYPES, ROLES } from '@academy/shared/contract';
import { Id, IdParams, Nullable, Text } from '../../common/schemas';

// requests
export const UserIdParams = IdParams('id');
/**
 * Names and birthday; the e-mail may be sent but not changed (spec 2 §5). The spec's fields only: any
 * other (a role, a payment type) is a 400 naming it, never silently dropped.
 */
export const DetailsBody = Type.Object(
  {
    id: Id,
    firstName: Text(60),
    lastName: Text(60),
    email: Type.Optional(Text(254)),
    birthday: Type.Optional(Nullable(Text(10))),
  },
  { additionalProperties: false },
);
export const AvatarQuery = Type.Object({ userId: Id });
export const LanguageSchema = Type.Enum(LANGUAGES);
export const LanguageBody = Type.Object({ lang: LanguageSchema });

// replies
/** A user's profile (`Profile` of the contract): the signed-in principal, or a user read by id. */
export const ProfileSchema = Type.Object({
  id: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  birthday: Nullable(Type.String()),
  avatarUrl: Nullable(Type.String()),
  role: Type.Object({ name: Type.Enum(ROLES) }),
  paymentType: Nullable(Type.Enum(PAYMENT_TYPES)),
  direction: Nullable(Type.Enum(DIRECTIONS)),
  requireCreateReport: Type.Boolean(),
  hasMentor: Type.Boolean(),
  isViewReport: Type.Boolean(),
  inactivation: Nullable(Type.Object({ reason: Type.Enum(INACTIVATION_REASONS) })),
  language: LanguageSchema,
});
