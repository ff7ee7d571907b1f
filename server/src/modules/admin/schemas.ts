import { Type } from 'typebox';
import {
  ADMIN_AUDIT_ACTIONS,
  ADMIN_AUDIT_PAGE,
  ADMIN_SEARCH_MAX,
  ADMIN_USERS_PAGE,
  DIRECTIONS,
  INACTIVATION_FILTERS,
  INACTIVATION_REASONS,
  LEARNER_ROLES,
  PAYMENT_TYPES,
  ROLES,
} from '@academy/shared/contract';
import { Id, Nullable, Text } from '../../common/schemas';

/** The administration's calls (shared/contract/admin.ts); every input bounded here. */

// requests
export const UserParams = Type.Object({ id: Id });
export const InvitationParams = Type.Object({ id: Id });
export const UserQuery = Type.Object(
  {
    search: Type.Optional(Text(ADMIN_SEARCH_MAX)),
    role: Type.Optional(Type.Enum(ROLES)),
    direction: Type.Optional(Type.Enum(DIRECTIONS)),
    paymentType: Type.Optional(Type.Enum(PAYMENT_TYPES)),
    blocked: Type.Optional(Type.Boolean()),
    inactivation: Type.Optional(Type.Enum(INACTIVATION_FILTERS)),
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({
      minimum: 1,
      maximum: ADMIN_USERS_PAGE.max,
      default: ADMIN_USERS_PAGE.default,
      description: `At most this many users (default ${ADMIN_USERS_PAGE.default})`,
    }),
  },
  { additionalProperties: false },
);
export const AuditQuery = Type.Object(
  {
    before: Type.Optional(Id),
    limit: Type.Integer({ minimum: 1, maximum: ADMIN_AUDIT_PAGE.max, default: ADMIN_AUDIT_PAGE.default }),
  },
  { additionalProperties: false },
);
export const RoleInput = Type.Object({ role: Type.Enum(ROLES) }, { additionalProperties: false });
export const PaymentTypeInput = Type.Object({ paymentType: Type.Enum(PAYMENT_TYPES) }, { additionalProperties: false });
export const MentorInput = Type.Object({ mentorId: Nullable(Id) }, { additionalProperties: false });
export const InactivationInput = Type.Object(
  { reason: Nullable(Type.Enum(INACTIVATION_REASONS)) },
  { additionalProperties: false },
);
export const BlockedInput = Type.Object({ blocked: Type.Boolean() }, { additionalProperties: false });

// replies
const Person = Type.Object({ id: Id, firstName: Type.String(), lastName: Type.String() });
export const AdminUserSchema = Type.Object({
  id: Id,
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  role: Type.Enum(ROLES),
  direction: Nullable(Type.Enum(DIRECTIONS)),
  paymentType: Nullable(Type.Enum(PAYMENT_TYPES)),
  mentor: Nullable(Person),
  blocked: Type.Boolean(),
  inactivationReason: Nullable(Type.Enum(INACTIVATION_REASONS)),
  createdAt: Type.String(),
  lastSignInAt: Nullable(Type.String()),
});
export const AdminUserPageSchema = Type.Object({
  users: Type.Array(AdminUserSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export const AdminChangeSchema = Type.Object({ user: AdminUserSchema, changed: Type.Boolean() });

const InvitationValue = Type.Object({
  email: Type.String(),
  role: Type.Enum(LEARNER_ROLES),
  paymentType: Type.Enum(PAYMENT_TYPES),
  direction: Type.Enum(DIRECTIONS),
});
const AuditValue = Type.Union([
  Type.Null(),
  Type.String(),
  Type.Boolean(),
  Type.Object({ id: Id, name: Type.String() }),
  InvitationValue,
]);
export const AuditPageSchema = Type.Object({
  entries: Type.Array(
    Type.Object({
      id: Id,
      at: Type.String(),
      actor: Nullable(Person),
      user: Nullable(Person),
      action: Type.Enum(ADMIN_AUDIT_ACTIONS),
      oldValue: AuditValue,
      newValue: AuditValue,
    }),
  ),
  nextBefore: Nullable(Id),
});
export const MentorList = Type.Array(Person);
export const PendingInvitationSchema = Type.Object({
  id: Id,
  ...InvitationValue.properties,
  createdBy: Nullable(Person),
  createdAt: Type.String(),
  expiresAt: Type.String(),
});
export const PendingInvitationList = Type.Array(PendingInvitationSchema);
