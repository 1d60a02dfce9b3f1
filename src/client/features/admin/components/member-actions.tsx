import type { AdminMemberDetail } from '@common/api/admin';
import { MEMBER_ROLES, type MemberRole } from '@common/api/moderation';
import { Ban, MessageSquareWarning, RotateCcw, UserCog } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { ConfirmDialogFooter } from '@client/components/ui/confirm-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { toast } from '@client/components/ui/use-toast';
import { errorText } from '@client/lib/api-error';
import { useAuth } from '@client/lib/session';
import {
  ModerationActionDialog,
  type ModerationCommand,
  useModerationCommand,
} from '@client/features/safety';
import { useRefreshAdmin, useSetRole } from '../api';

const SUSPEND = 'suspend';
const WARN = 'warn';
const ROLE = 'role';
type Dialogs = typeof SUSPEND | typeof WARN | typeof ROLE | null;

/** Suspend or lift, warn, and change the role of the member the console shows. */
export function MemberActions({ member }: { member: AdminMemberDetail }) {
  const { t } = useTranslation('admin');
  const { user } = useAuth();
  const command = useModerationCommand();
  const refresh = useRefreshAdmin();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const memberId = member.profile.id;
  const self = user?.id === memberId;
  const name = member.profile.firstName;

  const suspended = member.status === 'suspended';
  if (member.status === 'deleted') return null;

  const moderationDialog = dialog === SUSPEND || dialog === WARN ? dialog : null;
  const roleDialog = dialog === ROLE;
  const run = (next: ModerationCommand, done: string) =>
    command.mutate(next, {
      onSuccess: () => {
        setDialog(null);
        toast({ title: t(done, { name }) });
        void refresh();
      },
    });

  return (
    <div className="flex flex-wrap gap-2" data-testid="member-actions">
      {!self ? (
        suspended ? (
          <Button
            variant="outline"
            size="sm"
            disabled={command.isPending}
            onClick={() => run({ kind: 'lift', memberId }, 'actions.lifted')}
            data-testid="button-lift"
          >
            <RotateCcw aria-hidden="true" />
            {t('actions.lift')}
          </Button>
        ) : (
          <Button
            variant="destructive"
            size="sm"
            onClick={() => setDialog('suspend')}
            data-testid="button-suspend"
          >
            <Ban aria-hidden="true" />
            {t('actions.suspend')}
          </Button>
        )
      ) : null}
      {!self ? (
        <Button variant="outline" size="sm" onClick={() => setDialog('warn')} data-testid="button-warn">
          <MessageSquareWarning aria-hidden="true" />
          {t('actions.warn')}
        </Button>
      ) : null}
      <Button variant="outline" size="sm" onClick={() => setDialog('role')} data-testid="button-change-role">
        <UserCog aria-hidden="true" />
        {t('actions.changeRole')}
      </Button>
      {moderationDialog ? (
        <ModerationActionDialog
          kind={moderationDialog}
          pending={command.isPending}
          onClose={() => setDialog(null)}
          onConfirm={(values) =>
            moderationDialog === SUSPEND
              ? run(
                  { kind: 'suspend', memberId, reason: values.reason, days: values.days, note: values.note },
                  'actions.suspended',
                )
              : run({ kind: 'warn', memberId, message: values.note }, 'actions.warned')
          }
        />
      ) : null}
      {roleDialog ? <RoleDialog member={member} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

/** Choose a role, then confirm; a refusal (the last admin) is shown in the dialog, by its code. */
function RoleDialog({ member, onClose }: { member: AdminMemberDetail; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const setRole = useSetRole(member.profile.id);
  const [role, setChosen] = useState<MemberRole>(member.role);
  const [confirming, setConfirming] = useState(false);
  const error = setRole.error ? (errorText(setRole.error) ?? t('actions.roleFailed')) : null;
  const name = member.profile.firstName;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent data-testid="dialog-role">
        <DialogHeader>
          <DialogTitle>{t('actions.roleTitle', { name })}</DialogTitle>
          <DialogDescription>{t('actions.roleDescription')}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (role === member.role) return;
            if (!confirming) return setConfirming(true);
            setRole.mutate(role, {
              onSuccess: () => {
                toast({ title: t('actions.roleChanged', { name, role: t(`roles.${role}`) }) });
                onClose();
              },
            });
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="member-role">{t('actions.role')}</Label>
            <Select
              value={role}
              onValueChange={(value) => {
                setChosen(value as MemberRole);
                setConfirming(false);
                setRole.reset();
              }}
            >
              <SelectTrigger id="member-role" data-testid="select-role">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {MEMBER_ROLES.map((value) => (
                  <SelectItem key={value} value={value} data-testid={`option-role-${value}`}>
                    {t(`roles.${value}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {confirming && role !== member.role ? (
            <p className="rounded-md bg-muted p-3 text-sm" role="status" data-testid="text-role-confirm">
              {t('actions.roleConfirm', { name, from: t(`roles.${member.role}`), to: t(`roles.${role}`) })}
            </p>
          ) : null}
          {error ? (
            <p className="text-sm text-destructive" role="alert" data-testid="text-role-error">
              {error}
            </p>
          ) : null}
          <ConfirmDialogFooter
            cancelLabel={t('actions.cancel')}
            onCancel={onClose}
            confirmLabel={confirming ? t('actions.confirmRole') : t('actions.continue')}
            icon={UserCog}
            pending={setRole.isPending}
            disabled={role === member.role}
            testId="button-confirm-role"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
