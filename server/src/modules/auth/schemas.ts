import { Type } from 'typebox';
import { Text } from '../../common/schemas';

// requests: the fields are optional so that a missing one gets its own key (noLogin, noPassword)
export const CredentialsBody = Type.Object(
  { username: Type.Optional(Text(254)), password: Type.Optional(Text(200)), rememberMe: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
