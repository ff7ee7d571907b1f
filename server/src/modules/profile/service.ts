import { STAFF_ROLES, type Profile, type RoleName } from '@academy/shared/contract';
import { AVATAR_MAX_BYTES, nameError, parseBirthday } from '@academy/shared/accounts';
import type { Static } from 'typebox';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../common/errors';
import type { UserRepository } from '../users/repository';
import type { ImageType, ProfileRepository } from './repository';
import type { DetailsBody } from './schemas';

/** yyyy-mm-dd (database) to dd.MM.yyyy (API). */
export function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    birthday: formatDate(user.birthday),
    avatarUrl: user.avatar_url,
    role: { name: user.role },
    paymentType: user.payment_type,
    direction: user.direction,
    requireCreateReport: user.require_create_report,
    hasMentor: user.has_mentor,
    isViewReport: user.is_view_report,
    inactivation: user.inactivation_reason ? { reason: user.inactivation_reason } : null,
    language: user.language,
  };
}

/** Roles that may read any user's profile: all staff. */
export const PROFILE_READER_ROLES: readonly RoleName[] = STAFF_ROLES;

/** Roles that may change another user's picture (a support case): the administrator only. */
export const AVATAR_WRITER_ROLES: readonly RoleName[] = ['ADMIN'];

export type ProfileAccess = 'full' | 'public' | 'none';

/**
 * Who may read whose profile: oneself and staff see everything; a paying student may see the public
 * part of a classmate, a paying student of the same direction (the view-as-student rule of spec 1 §6).
 * An enrollee is no classmate: only staff see them.
 */
export function profileAccess(viewer: UserRow, target: UserRow): ProfileAccess {
  if (viewer.id === target.id || PROFILE_READER_ROLES.includes(viewer.role)) return 'full';
  if (
    viewer.role === 'PAY_STUDENT' &&
    target.role === 'PAY_STUDENT' &&
    viewer.direction !== null &&
    viewer.direction === target.direction
  ) {
    return 'public';
  }
  return 'none';
}

/** The part of a profile a fellow student may see: no e-mail, birthday or account flags. */
export function toPublicProfile(user: UserRow): Profile {
  return {
    ...toProfile(user),
    email: '',
    birthday: null,
    requireCreateReport: false,
    isViewReport: false,
    inactivation: null,
  };
}

/** The picture type by the file's first bytes (never by its name or the browser's word). */
export function imageType(bytes: Uint8Array): ImageType | null {
  const starts = (...signature: number[]) => signature.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  return null;
}

/** Shown for users without a picture: a neutral silhouette. */
export const DEFAULT_AVATAR = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#eef0ff"/><circle cx="48" cy="38" r="18" fill="#9aa3d9"/><path d="M14 92c4-20 18-30 34-30s30 10 34 30" fill="#9aa3d9"/></svg>`;

/** An uploaded file as read from the request: its bytes, and whether it went over the size limit. */
export interface Upload {
  data: Buffer;
  truncated: boolean;
}

/** Profiles: reading one by the access rule, the details, the picture and the language. */
export function createProfileService(profiles: ProfileRepository, users: UserRepository) {
  /** The user and how much of them the viewer may see; refused when nothing (the profile and the picture alike). */
  async function readable(viewer: UserRow, id: number): Promise<{ target: UserRow; access: 'full' | 'public' }> {
    const target = await users.findUser(id);
    if (!target) throw notFound('server.noUser', { id });
    const access = profileAccess(viewer, target);
    if (access === 'none') {
      // A paying student is not told whether a student outside their direction exists.
      if (viewer.role === 'PAY_STUDENT') throw notFound('server.noStudentInDirection', { id });
      throw forbidden('server.mayNotViewUser');
    }
    return { target, access };
  }

  return {
    async readProfile(viewer: UserRow, id: number): Promise<Profile> {
      const { target, access } = await readable(viewer, id);
      return access === 'full' ? toProfile(target) : toPublicProfile(target);
    },

    /** Names and birthday by the registration rules; the e-mail is changed only through a curator (spec 2 §5). */
    async updateDetails(user: UserRow, body: Static<typeof DetailsBody>): Promise<Profile> {
      if (body.id !== user.id) throw forbidden('server.ownDetailsOnly');
      if (body.email !== undefined && body.email.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw badRequest('profile.emailChange');
      }
      const birthday = body.birthday ? parseBirthday(body.birthday) : null;
      if (body.birthday && !birthday) throw badRequest('register.birthday');
      const error = nameError(body.firstName, body.lastName);
      if (error) throw badRequest(error);
      const updated = await profiles.updateDetails(user.id, {
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        birthday,
      });
      return toProfile(updated);
    },

    /** May the viewer change this user's picture: their own, or anyone's for an administrator. */
    checkAvatarAccess(viewer: UserRow, userId: number): void {
      if (userId !== viewer.id && !AVATAR_WRITER_ROLES.includes(viewer.role)) throw forbidden('server.ownPictureOnly');
    },

    /** A picture: gif, jpeg or png by content, at most 2 MB. */
    async saveAvatar(userId: number, upload: Upload | null): Promise<Profile> {
      if (!upload) throw badRequest('avatar.noFile');
      if (upload.truncated || upload.data.length > AVATAR_MAX_BYTES) throw badRequest('avatar.tooLarge');
      if (upload.data.length === 0) throw badRequest('avatar.noFile');
      const type = imageType(upload.data);
      if (!type) throw badRequest('avatar.badType');
      if (!(await users.findUser(userId))) throw notFound('server.noUser', { id: userId });
      return toProfile(await profiles.saveAvatar(userId, type, upload.data));
    },

    /** The picture's bytes and type, by the profile's reading rule; the default silhouette for users without one. */
    async avatar(viewer: UserRow, userId: number): Promise<{ type: string; body: Buffer | string }> {
      await readable(viewer, userId);
      const avatar = await profiles.findAvatar(userId);
      if (!avatar) return { type: 'image/svg+xml', body: DEFAULT_AVATAR };
      return { type: avatar.content_type, body: Buffer.from(avatar.data) };
    },

    setLanguage: (user: UserRow, language: UserRow['language']) => profiles.setLanguage(user.id, language),
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
