import { Fragment } from 'react';
import { formatDateTime, viewerTimeZone } from '../../../shared/time';
import { type OutboxMessageDetail, outboxHtmlUrl, useOutboxMessage } from '../../api/outbox';
import { Badge } from '../../components/ui/badge';
import { DialogBody, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { QueryDialog } from '../../components/ui/query-dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';

/** "Nov 25, 2026, 6:02 PM" in the viewer's own zone. */
export const sentAt = (iso: string) => formatDateTime(iso, viewerTimeZone());

/** One message as a mail viewer shows it: the HTML part (sandboxed), the text part and the headers. */
export function OutboxMessageDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const message = useOutboxMessage(id);
  return (
    <QueryDialog open={Boolean(id)} onClose={onClose} query={message} title="Message" size="xl">
      {(data) => <MessageView message={data} />}
    </QueryDialog>
  );
}

function MessageView({ message: m }: { message: OutboxMessageDetail }) {
  const isSms = m.channel === 'sms';
  const title = isSms ? `SMS to ${m.to}` : m.subject || '(no subject)';
  return (
    <>
      <DialogHeader>
        <DialogTitle className="break-words">{title}</DialogTitle>
        <DialogDescription className="break-words">
          To {m.to} · {sentAt(m.createdAt)}
        </DialogDescription>
        <div className="pt-1">
          {m.transport === 'stored' ? (
            <Badge tone="amber">Stored in the outbox, not delivered</Badge>
          ) : (
            <Badge tone="green">Delivered by {isSms ? 'Twilio' : 'SMTP'}</Badge>
          )}
        </div>
      </DialogHeader>
      <DialogBody>
        {/* The words first, as every message has them; the HTML part (a document of its own) loads when asked for. */}
        <Tabs defaultValue="text">
          <TabsList>
            {m.html !== null && <TabsTrigger value="html">HTML</TabsTrigger>}
            <TabsTrigger value="text">{isSms ? 'Message' : 'Text'}</TabsTrigger>
            <TabsTrigger value="headers">Headers</TabsTrigger>
          </TabsList>
          {m.html !== null && (
            <TabsContent value="html">
              {/* Its own document under a policy with no script and no network (the server's), in a sandbox that
                  runs no script either; links open in a new tab. */}
              <iframe
                title={`HTML part of ${title}`}
                src={outboxHtmlUrl(m.id)}
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                referrerPolicy="no-referrer"
                className="h-[60dvh] w-full rounded-lg border border-slate-200 bg-white"
              />
            </TabsContent>
          )}
          <TabsContent value="text">
            <pre
              className="font-sans text-sm leading-relaxed whitespace-pre-wrap break-words text-slate-800"
              data-testid="outbox-text"
            >
              <Linked text={m.body} />
            </pre>
          </TabsContent>
          <TabsContent value="headers">
            <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
              {m.headers.map((h, i) => (
                <Fragment key={`${h.name}-${i}`}>
                  <dt className="font-medium text-slate-600">{h.name}</dt>
                  <dd className="mb-2 break-all text-slate-900 sm:mb-0">{h.value}</dd>
                </Fragment>
              ))}
            </dl>
          </TabsContent>
        </Tabs>
      </DialogBody>
    </>
  );
}

const URL_IN_TEXT = /(https?:\/\/[^\s<>"]+)/g;

/** The text part with its web links clickable (a verification link opens in a new tab, where the user signs in). */
function Linked({ text }: { text: string }) {
  return text.split(URL_IN_TEXT).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} target="_blank" rel="noreferrer" className="break-all text-accent underline">
        {part}
      </a>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}
