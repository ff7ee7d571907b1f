import { Type } from 'typebox';
import { DIRECTIONS, LEARNER_ROLES, PAYMENT_TYPES } from '@academy/shared/contract';
import { Nullable, Text } from '../../common/schemas';

export const StudentSearchQuery = Type.Object({ query: Type.Optional(Text(100)) });

/** A row of the staff's student list (`StudentSummary` of the contract). */
export const StudentSummarySchema = Type.Object({
  id: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  role: Type.Enum(LEARNER_ROLES),
  paymentType: Nullable(Type.Enum(PAYMENT_TYPES)),
  direction: Nullable(Type.Enum(DIRECTIONS)),
});
