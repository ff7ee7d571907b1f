import { Type } from 'typebox';
import { LANGUAGES } from '@academy/shared/contract';
import { Text } from '../../common/schemas';

// requests
export const LanguageParams = Type.Object({ language: Type.Enum(LANGUAGES) });
export const RecoveryLinkBody = Type.Object({ email: Type.Optional(Text(254)) });
export const EnsureQuery = Type.Object({ token: Type.Optional(Text(200)), locale: Type.Optional(Text(5)) });
export const ResetBody = Type.Object(
  {
    token: Text(200),
    password: Text(200),
    confirmPassword: Text(200),
    locale: Type.Optional(Type.Enum(LANGUAGES)),
  },
  { additionalProperties: false },
);
export const PasswordChangeBody = Type.Object({ oldPassword: Text(200), newPassword: Text(200) });
