import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ContactInput } from '../../../shared/contact.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { apiRequest } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { api } from '../../paths.ts';

const emptyForm = { name: '', email: '', subject: '', message: '', website: '' };

/** Footer contact form (SPEC.md sections 2, 4, 5 and 8): failure keeps what was typed. */
export function ContactForm() {
  const [form, setForm] = useState(emptyForm);
  const send = useMutation({
    mutationFn: (input: ContactInput) => apiRequest('POST', api.contact, input),
    onSuccess: () => {
      setForm(emptyForm);
      toast({ title: 'Message Sent!', description: "Thank you for your message. I'll get back to you soon!" });
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim() || !form.email.trim() || !form.message.trim()) {
      toast({ title: 'Required Fields', description: 'Please fill in all required fields.', variant: 'destructive' });
      return;
    }
    send.mutate({
      name: form.name,
      email: form.email.trim(),
      subject: form.subject,
      message: form.message,
      ...(form.website ? { website: form.website } : {}),
    });
  };

  const field = (name: keyof typeof emptyForm) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Contact form">
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="grid gap-1 text-sm font-medium text-slate-200">
          <span className="sr-only">Name</span>
          <Input
            {...field('name')}
            type="text"
            autoComplete="name"
            placeholder="Your Name *"
            aria-required="true"
            maxLength={100}
          />
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-200">
          <span className="sr-only">Email</span>
          <Input
            {...field('email')}
            type="email"
            autoComplete="email"
            placeholder="Your Email *"
            aria-required="true"
            maxLength={254}
          />
        </label>
      </div>
      <label className="grid gap-1 text-sm font-medium text-slate-200">
        <span className="sr-only">Subject</span>
        <Input {...field('subject')} type="text" placeholder="Subject" maxLength={200} />
      </label>
      <label className="grid gap-1 text-sm font-medium text-slate-200">
        <span className="sr-only">Message</span>
        <Textarea {...field('message')} rows={5} placeholder="Your Message *" aria-required="true" maxLength={5000} />
      </label>
      {/* Honeypot: off screen and out of the tab order, so only bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input {...field('website')} type="text" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <Button type="submit" size="lg" disabled={send.isPending} className="justify-self-start">
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
