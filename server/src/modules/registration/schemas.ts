import { Type } from 'typebox';
import { DIRECTIONS, LANGUAGES, LEARNER_ROLES, PAYMENT_TYPES } from '@academy/shared/contract';
import { Text } from '../../common/schemas';

export const LanguageParams = Type.Object({ language: Type.Enum(LANGUAGES) });

// requests: the fields are optional so that the rules (in the spec's order) name what is missing
export const FreeRegistrationBody = Type.Object(
  {
    firstName: Type.Optional(Text(60)),
    lastName: Type.Optional(Text(60)),
    email: Type.Optional(Text(254)),
    password: Type.Optional(Text(200)),
    paymentType: Type.Enum(['REGULAR', 'TRIAL'] as const),
    direction: Type.Optional(Text(10)),
    birthday: Type.Optional(Text(10)),
  },
  { additionalProperties: false },
);

export const HashBody = Type.Object({ hash: Type.Optional(Text(100)) });

/** A birthday part as a number or as the digits of a form field. */
const DatePart = (digits: number) => Type.Optional(Type.Union([Type.Integer(), Text(digits)]));

export const InvitationBody = Type.Object(
  {
    firstName: Type.Optional(Text(60)),
    lastName: Type.Optional(Text(60)),
    email: Type.Optional(Text(254)),
    password: Type.Optional(Text(200)),
    confirmPassword: Type.Optional(Text(200)),
    birthday: Type.Optional(Text(10)),
    day: DatePart(2),
    month: DatePart(2),
    year: DatePart(4),
    hash: Type.Optional(Text(100)),
  },
  { additionalProperties: false },
);

export const NewInvitationBody = Type.Object(
  {
    email: Text(254),
    role: Type.Enum(LEARNER_ROLES),
    paymentType: Type.Enum(PAYMENT_TYPES),
    direction: Type.Enum(DIRECTIONS),
    language: Type.Optional(Type.Enum(LANGUAGES)),
  },
  { additionalProperties: false },
);

// replies
export const TokenInfo = Type.Object({ email: Type.String() });
export const InvitationLink = Type.Object({ link: Type.String(), expiresAt: Type.String() });
