import { Type } from 'typebox';
import { Text } from '../../common/schemas';

export const MeetLinkQuery = Type.Object({ linkCode: Type.Optional(Text(100)) });
