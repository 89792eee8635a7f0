import { useState, type FormEvent } from 'react';
import type { ContactInput } from '../../../shared/contact.ts';
import { CONTACT_TEXTS, HONEYPOT_FIELD, PAGE_FIELD, VISITOR_FORMS } from '../../../shared/form-outcome.ts';
import { FormOutcomeNotice } from '../../components/form-outcome-notice.tsx';
import { FormField, Honeypot } from '../../components/visitor-form-parts.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { apiRequest } from '../../lib/api.ts';
import { formFields } from '../../lib/form-fields.ts';
import { useFormOutcome } from '../../lib/form-outcome.ts';
import { useNavigation } from '../../lib/navigation.tsx';
import { useRequiredFields } from '../../lib/required-fields.tsx';
import { toast } from '../../lib/toast.ts';
import { apiPath } from '../../../shared/routes.ts';

const FIELDS = [...VISITOR_FORMS.contact.fields, HONEYPOT_FIELD] as const;
const REQUIRED = {
  name: 'Write your name here.',
  email: 'Write your e-mail address here, so that I can answer.',
  message: 'Write your message here.',
} as const;

/**
 * Footer contact form (SPEC.md sections 2, 4, 5 and 8): failure keeps what was typed. An island of
 * every reading page: plain state rather than the query library (see comments-section.tsx), and
 * fields the browser keeps (lib/form-fields.ts). Without script it is a plain POST, answered 303
 * back to this page, which shows the outcome here and gives back what was typed on a failure.
 */
export function ContactForm() {
  const { path } = useNavigation();
  const outcome = useFormOutcome('contact');
  const [sending, setSending] = useState(false);
  // The page's outcome shows until the next send; its typed text stays the fields' default until
  // a send succeeds (a reset would otherwise bring it back).
  const [noticeShown, setNoticeShown] = useState(true);
  const [refilled, setRefilled] = useState(true);
  const typed = refilled ? outcome?.fields : undefined;
  const required = useRequiredFields(REQUIRED, 'dark');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setNoticeShown(false);
    const form = event.currentTarget;
    const fields = formFields(form, FIELDS);
    if (!required.check(form, fields)) {
      toast(CONTACT_TEXTS.missing);
      return;
    }
    const input: ContactInput = {
      name: fields.name,
      email: fields.email.trim(),
      subject: fields.subject,
      message: fields.message,
      ...(fields.website ? { website: fields.website } : {}),
    };
    setSending(true);
    try {
      await apiRequest('POST', apiPath.contact, input);
      setRefilled(false);
      form.reset();
      toast(CONTACT_TEXTS.sent);
    } catch {
      toast(CONTACT_TEXTS.failed);
    } finally {
      setSending(false);
    }
  };

  return (
    <form method="post" action={apiPath.contact} onSubmit={onSubmit} className="grid gap-4" aria-label="Contact form">
      {outcome && noticeShown && <FormOutcomeNotice outcome={outcome} />}
      <input type="hidden" name={PAGE_FIELD} value={path} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" tone="dark" error={required.error('name')}>
          <Input
            name="name"
            type="text"
            autoComplete="name"
            placeholder="Your Name *"
            aria-required="true"
            maxLength={100}
            defaultValue={typed?.name}
            {...required.field('name')}
          />
        </FormField>
        <FormField label="Email" tone="dark" error={required.error('email')}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            placeholder="Your Email *"
            aria-required="true"
            maxLength={254}
            defaultValue={typed?.email}
            {...required.field('email')}
          />
        </FormField>
      </div>
      <FormField label="Subject" tone="dark">
        <Input name="subject" type="text" placeholder="Subject" maxLength={200} defaultValue={typed?.subject} />
      </FormField>
      <FormField label="Message" tone="dark" error={required.error('message')}>
        <Textarea
          name="message"
          rows={5}
          placeholder="Your Message *"
          aria-required="true"
          maxLength={5000}
          defaultValue={typed?.message}
          {...required.field('message')}
        />
      </FormField>
      <Honeypot />
      <Button type="submit" size="lg" disabled={sending} className="justify-self-start">
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
