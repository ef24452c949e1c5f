import { FileText, Mail, MessageSquare, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { CAMPAIGN_MESSAGES } from '../../../shared/campaigns';
import { type Template, useDeleteTemplate, useTemplates } from '../../api/campaigns';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CardGridSkeleton, ErrorState } from '../../components/ui/list-states';
import { TemplateFormDialog } from './template-form-dialog';

/** §2 Templates tab: name, category, subject, content and Use Template; the owner's own can be edited and deleted. */
export function TemplatesTab({ onUse }: { onUse: (t: Template) => void }) {
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<Template | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Template | null>(null);

  const openForm = (t: Template | null) => {
    setEditing(t);
    setFormOpen(true);
  };
  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success('Success', { description: CAMPAIGN_MESSAGES.templateDeleted });
        setToDelete(null);
      },
      onError: (e) => toast.error('Error', { description: e.message }),
    });
  };

  return (
    <>
      <div className="mb-4 flex justify-end">
        <Button variant="outline" onClick={() => openForm(null)}>
          <Plus /> New Template
        </Button>
      </div>
      {templates.isPending ? (
        <CardGridSkeleton count={3} />
      ) : templates.isError ? (
        <ErrorState
          message="Failed to load templates"
          onRetry={() => templates.refetch()}
          retrying={templates.isFetching}
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {templates.data.items.map((t) => (
            <li key={t.id} className="flex">
              <Card className="flex w-full flex-col p-5" data-testid="template-card" aria-label={t.name}>
                <div className="flex items-start justify-between gap-2">
                  <h2 className="flex items-center gap-2 font-semibold text-slate-900">
                    {t.type === 'sms' ? (
                      <MessageSquare className="size-4 text-accent" aria-label="SMS" />
                    ) : (
                      <Mail className="size-4 text-accent" aria-label="Email" />
                    )}
                    {t.name}
                  </h2>
                  <Badge tone={t.builtIn ? 'neutral' : 'accent'}>{t.category}</Badge>
                </div>
                {t.subject && <p className="mt-2 text-sm font-medium text-slate-700">Subject: {t.subject}</p>}
                <p className="mt-2 line-clamp-4 text-sm whitespace-pre-line break-words text-slate-600">
                  {t.content}
                </p>
                <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-100 pt-4">
                  <Button size="sm" onClick={() => onUse(t)} aria-label={`Use template ${t.name}`}>
                    <FileText /> Use Template
                  </Button>
                  {!t.builtIn && (
                    <>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => openForm(t)}
                        aria-label={`Edit ${t.name}`}
                      >
                        <Pencil /> Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="ml-auto text-red-600 hover:bg-red-50"
                        onClick={() => setToDelete(t)}
                        aria-label={`Delete ${t.name}`}
                        title="Delete"
                      >
                        <Trash2 />
                      </Button>
                    </>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <TemplateFormDialog open={formOpen} onOpenChange={setFormOpen} template={editing} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this template?"
        description={
          toDelete
            ? `${toDelete.name} will be removed. Campaigns made from it keep their message.`
            : undefined
        }
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
