import type { App } from '../../common/types';
import profileRoutes from './profile';
import recoveryRoutes from './recovery';
import registrationRoutes from './registration';

/** Accounts: registration, invitations, recovery, password and profile details, avatars. */
export default async function accountsModule(app: App): Promise<void> {
  await app.register(registrationRoutes);
  await app.register(recoveryRoutes);
  await app.register(profileRoutes);
}
