import { ADMIN_ROLES } from '@academy/shared/contract';
import { Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import { ok } from '../../common/errors';
import { currentUser, requireRoles } from '../../plugins/guards';
import { createAdminRepository } from './repository';
import {
  AdminChangeSchema,
  AdminUserPageSchema,
  AdminUserSchema,
  AuditPageSchema,
  AuditQuery,
  BlockedInput,
  InactivationInput,
  InvitationParams,
  MentorInput,
  MentorList,
  PaymentTypeInput,
  PendingInvitationList,
  PendingInvitationSchema,
  RoleInput,
  UserParams,
  UserQuery,
} from './schemas';
import { createAdminService } from './service';

const tags = ['administration'];
const USERS = '/api/admin/users';

/**
 * The administration (docs/administration.md, "Administration"), for ADMIN only: the users list, the changes of a
 * user (role, payment type, mentor, inactivation reason, block), each logged in its transaction, the
 * log, and the pending invitations (made by `POST /api/admin/invitations`, registration module).
 */
export default async function adminModule(app: App): Promise<void> {
  const admin = createAdminService(createAdminRepository(app.db), app.clock);
  const admins = requireRoles(ADMIN_ROLES);
  const actor = (request: Parameters<typeof currentUser>[0]) => ({ id: currentUser(request).id });

  app.get(
    USERS,
    {
      preHandler: admins,
      schema: {
        summary: 'Users by last name, searched (name or e-mail) and filtered; never a password hash',
        tags,
        querystring: UserQuery,
        response: Reply(AdminUserPageSchema),
      },
    },
    async (request) => ok(await admin.page(request.query)),
  );

  app.get(
    `${USERS}/:id`,
    {
      preHandler: admins,
      schema: { summary: 'One user as the administration sees them', tags, params: UserParams, response: Reply(AdminUserSchema) },
    },
    async (request) => ok(await admin.user(request.params.id)),
  );

  app.put(
    `${USERS}/:id/role`,
    {
      preHandler: admins,
      schema: {
        summary: 'Change a user’s role (not one’s own; learners stay learners, staff stay staff; logged)',
        tags,
        params: UserParams,
        body: RoleInput,
        response: Reply(AdminChangeSchema),
      },
    },
    async (request) => ok(await admin.setRole(actor(request), request.params.id, request.body.role)),
  );

  app.put(
    `${USERS}/:id/payment-type`,
    {
      preHandler: admins,
      schema: {
        summary: 'Change a learner’s payment type (logged)',
        tags,
        params: UserParams,
        body: PaymentTypeInput,
        response: Reply(AdminChangeSchema),
      },
    },
    async (request) => ok(await admin.setPaymentType(actor(request), request.params.id, request.body.paymentType)),
  );

  app.put(
    `${USERS}/:id/mentor`,
    {
      preHandler: admins,
      schema: {
        summary: 'Give a learner a mentor (an unblocked MENTOR or CHIEF_MENTOR) or none (logged)',
        tags,
        params: UserParams,
        body: MentorInput,
        response: Reply(AdminChangeSchema),
      },
    },
    async (request) => ok(await admin.setMentor(actor(request), request.params.id, request.body.mentorId)),
  );

  app.put(
    `${USERS}/:id/inactivation`,
    {
      preHandler: admins,
      schema: {
        summary: 'Set or lift a user’s inactivation reason (not one’s own; logged)',
        tags,
        params: UserParams,
        body: InactivationInput,
        response: Reply(AdminChangeSchema),
      },
    },
    async (request) => ok(await admin.setInactivation(actor(request), request.params.id, request.body.reason)),
  );

  app.put(
    `${USERS}/:id/blocked`,
    {
      preHandler: admins,
      schema: {
        summary: 'Block a user (every session and known device ends at once) or unblock them; not oneself; logged',
        tags,
        params: UserParams,
        body: BlockedInput,
        response: Reply(AdminChangeSchema),
      },
    },
    async (request) => ok(await admin.setBlocked(actor(request), request.params.id, request.body.blocked)),
  );

  app.get(
    `${USERS}/:id/audit`,
    {
      preHandler: admins,
      schema: {
        summary: 'The changes administrators made to a user, newest first',
        tags,
        params: UserParams,
        querystring: AuditQuery,
        response: Reply(AuditPageSchema),
      },
    },
    async (request) => ok(await admin.audit(request.params.id, request.query.before, request.query.limit)),
  );

  app.get(
    '/api/admin/audit',
    {
      preHandler: admins,
      schema: {
        summary: 'Every change administrators made (users and invitations), newest first',
        tags,
        querystring: AuditQuery,
        response: Reply(AuditPageSchema),
      },
    },
    async (request) => ok(await admin.audit(null, request.query.before, request.query.limit)),
  );

  app.get(
    '/api/admin/mentors',
    {
      preHandler: admins,
      schema: { summary: 'The unblocked mentors and chief mentors a learner may be given to', tags, response: Reply(MentorList) },
    },
    async () => ok(await admin.mentors()),
  );

  app.get(
    '/api/admin/invitations',
    {
      preHandler: admins,
      schema: {
        summary: 'Invitations not yet used, expired or revoked, newest first',
        tags,
        response: Reply(PendingInvitationList),
      },
    },
    async () => ok(await admin.pendingInvitations()),
  );

  app.delete(
    '/api/admin/invitations/:id',
    {
      preHandler: admins,
      schema: {
        summary: 'Revoke a pending invitation: its link stops working (logged)',
        tags,
        params: InvitationParams,
        response: Reply(PendingInvitationSchema),
      },
    },
    async (request) => ok(await admin.revokeInvitation(actor(request), request.params.id)),
  );
}
