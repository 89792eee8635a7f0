import { useState, type FormEvent } from 'react';
import type { ContactInput } from '../../../shared/contact.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { apiRequest } from '../../lib/api.ts';
import { formFields } from '../../lib/form-fields.ts';
import { toast } from '../../lib/toast.ts';
import { api } from '../../paths.ts';

const FIELDS = ['name', 'email', 'subject', 'message', 'website'] as const;

/**
 * Footer contact form (SPEC.md sections 2, 4, 5 and 8): failure keeps what was typed. An island of
 * every reading page: plain state rather than the query library (see comments-section.tsx), and
 * fields the browser keeps (lib/form-fields.ts).
 */
export function ContactForm() {
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const fields = formFields(form, FIELDS);
    if (!fields.name.trim() || !fields.email.trim() || !fields.message.trim()) {
      toast({ title: 'Required Fields', description: 'Please fill in all required fields.', variant: 'destructive' });
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
      await apiRequest('POST', api.contact, input);
      form.reset();
      toast({ title: 'Message Sent!', description: "Thank you for your message. I'll get back to you soon!" });
    } catch {
      toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Contact form">
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="grid gap-1 text-sm font-medium text-slate-200">
          <span className="sr-only">Name</span>
          <Input name="name" type="text" autoComplete="name" placeholder="Your Name *" aria-required="true" maxLength={100} />
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-200">
          <span className="sr-only">Email</span>
          <Input name="email" type="email" autoComplete="email" placeholder="Your Email *" aria-required="true" maxLength={254} />
        </label>
      </div>
      <label className="grid gap-1 text-sm font-medium text-slate-200">
        <span className="sr-only">Subject</span>
        <Input name="subject" type="text" placeholder="Subject" maxLength={200} />
      </label>
      <label className="grid gap-1 text-sm font-medium text-slate-200">
        <span className="sr-only">Message</span>
        <Textarea name="message" rows={5} placeholder="Your Message *" aria-required="true" maxLength={5000} />
      </label>
      {/* Honeypot: off screen and out of the tab order, so only bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input name="website" type="text" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <Button type="submit" size="lg" disabled={sending} className="justify-self-start">
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
