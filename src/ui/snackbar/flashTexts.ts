/** The texts of the messages that can be carried to the next page (./flash.ts `FLASH_KEYS`), in both languages. */
import texts from 'island-messages:/sessions.success,sessions.failure,sessions.loggedOut,sessions.requireLogin,sessions.requireIllustratorLogin,sessions.requireWalletLogin,sessions.requireAdminLogin,sessions.illustratorsNotAllowed,report.failure,profile.edit.saved,dashboard.payouts.requested,admin.categories.created,admin.categories.updated,admin.categories.imageFailed';

export default texts;
