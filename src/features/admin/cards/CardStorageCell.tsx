import { useAdmin } from '../shell/AdminShell';
import { Badge } from '../shell/AdminUi';
import type { AdminCardRow } from '../shell/types';

const TONES = { pinned: 'good', pinning: 'warn', queued: 'warn', failed: 'bad' } as const;

/** Where a token lives, in the admin list: not published, or frozen or not and each pinning service's status. */
export function CardStorageCell({ storage }: { storage: AdminCardRow['storage'] }) {
  const { t } = useAdmin();
  if (!storage) return <span className="text-ink-muted">{t('admin.cards.notPublished')}</span>;
  return (
    <span className="grid gap-1">
      <Badge tone={storage.frozen ? 'good' : 'warn'}>
        {t(storage.frozen ? 'admin.cards.frozen' : 'admin.cards.notFrozen')}
      </Badge>
      {storage.pins.length === 0 ? (
        <span className="text-xs text-ink-muted">{t('admin.cards.kirafudaOnly')}</span>
      ) : (
        storage.pins.map((pin) => (
          <Badge key={pin.service} tone={TONES[pin.status]}>
            {pin.service}: {t(`admin.cards.pin.${pin.status}`)}
          </Badge>
        ))
      )}
    </span>
  );
}
