import type { AdminUser } from '@life-updates/contract/admin';
import { PencilIcon, SearchIcon } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminPageSize, useAdminUserAction, useAdminUsers } from '@/api/admin';
import { errorMessage } from '@/lib/api-client';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { EditUserDialog } from './edit-user-dialog';
import { formatDate } from '@/lib/format-date';

const columns = ['username', 'role', 'id', 'email', 'created'] as const;
const numberColumns = ['sharesThisMonth', 'monthlyShareLimit', 'maxIdeas'] as const;

/** The users table of Settings → Admin: real accounts from the database, searched and paged. */
export function UsersTable({ currentUserId }: { currentUserId: string }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const userAction = useAdminUserAction();
  const act = (user: AdminUser, action: 'disable' | 'enable' | 'clear-two-factor') => {
    const done = { disable: 'userDisabled', enable: 'userEnabled', 'clear-two-factor': 'twoFactorCleared' } as const;
    userAction.mutate(
      { userId: user.id, action },
      {
        onSuccess: () => toast.success(t(`admin.users.${done[action]}`)),
        onError: (error) => toast.error(errorMessage(error, t('admin.users.actionFailed'))),
      },
    );
  };
  const deferredSearch = useDeferredValue(search.trim());
  const users = useAdminUsers({ search: deferredSearch, page });
  const pages = Math.max(1, Math.ceil((users.data?.total ?? 0) / adminPageSize));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.users.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="relative max-w-md">
          <SearchIcon className="absolute left-3 top-3 size-4 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            className="pl-9"
            aria-label={t('admin.users.search')}
            placeholder={t('admin.users.searchPlaceholder')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        {users.isPending ? <Spinner label={t('common.loading')} /> : null}
        {users.isError ? <p className="text-sm text-destructive">{t('admin.users.loadFailed')}</p> : null}
        {users.data && users.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('admin.users.empty')}</p>
        ) : null}
        {users.data && users.data.items.length > 0 ? (
          <div className="overflow-x-auto rounded-md border border-border">
            <table className="w-full min-w-[56rem] text-left text-sm">
              <thead className="bg-muted text-muted-foreground">
                <tr>
                  {columns.map((key) => (
                    <th key={key} scope="col" className="p-2 font-medium">
                      {t(`admin.users.${key}`)}
                    </th>
                  ))}
                  {numberColumns.map((key) => (
                    <th key={key} scope="col" className="p-2 text-right font-medium">
                      {t(`admin.users.${key}`)}
                    </th>
                  ))}
                  <th scope="col" className="p-2 font-medium">
                    <span className="sr-only">{t('admin.users.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {users.data.items.map((user) => (
                  <tr key={user.id}>
                    <td className="p-2 font-medium">
                      {user.username}
                      {user.id === currentUserId ? (
                        <span className="ml-1 text-muted-foreground">({t('admin.users.you')})</span>
                      ) : null}
                    </td>
                    <td className="p-2">
                      <Badge variant={user.role === 'admin' ? 'default' : 'outline'}>
                        {t(`admin.roles.${user.role}`)}
                      </Badge>
                      {user.isDisabled ? (
                        <Badge variant="destructive" className="ml-1">
                          {t('admin.users.disabled')}
                        </Badge>
                      ) : null}
                      {user.twoFactorEnabled ? (
                        <Badge variant="secondary" className="ml-1">
                          {t('admin.users.twoFactor')}
                        </Badge>
                      ) : null}
                    </td>
                    <td className="max-w-[10rem] truncate p-2 font-mono text-xs" title={user.id}>
                      {user.id}
                    </td>
                    <td className="p-2 break-all">{user.email}</td>
                    <td className="p-2 whitespace-nowrap">{formatDate(user.createdAt, i18n.language)}</td>
                    <td className="p-2 text-right tabular-nums">{user.sharesThisMonth}</td>
                    <td className="p-2 text-right tabular-nums">{user.monthlyShareLimit}</td>
                    <td className="p-2 text-right tabular-nums">{user.maxIdeas}</td>
                    <td className="space-x-1 whitespace-nowrap p-2 text-right">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={t('admin.users.editUser', { username: user.username })}
                        onClick={() => setEditing(user)}
                      >
                        <PencilIcon aria-hidden />
                        {t('admin.users.edit')}
                      </Button>
                      {user.id === currentUserId ? null : (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={userAction.isPending}
                          aria-label={t(user.isDisabled ? 'admin.users.enableUser' : 'admin.users.disableUser', {
                            username: user.username,
                          })}
                          onClick={() => act(user, user.isDisabled ? 'enable' : 'disable')}
                        >
                          {user.isDisabled ? t('admin.users.enable') : t('admin.users.disable')}
                        </Button>
                      )}
                      {user.twoFactorEnabled ? (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={userAction.isPending}
                          aria-label={t('admin.users.clearTwoFactorUser', { username: user.username })}
                          onClick={() => act(user, 'clear-two-factor')}
                        >
                          {t('admin.users.clearTwoFactor')}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {users.data ? (
          <Pager
            label={t('admin.users.title')}
            page={page}
            pages={pages}
            status={t('admin.users.pageInfo', { page, pages, total: users.data.total })}
            onPageChange={setPage}
          />
        ) : null}
      </CardContent>
      {editing ? (
        <EditUserDialog user={editing} isSelf={editing.id === currentUserId} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
}
