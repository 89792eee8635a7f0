import { ImagePlus, Trash2 } from 'lucide-react';
import { useContext, useState } from 'react';
import { ImageUploadButton } from '../../../components/image-upload-button.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cx } from '../../../components/ui/class-names.ts';
import { publicImageUrl } from '../../../../shared/images.ts';
import { SITE_LIMITS } from '../../../../shared/site.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { errorAt } from './site-form-model.ts';
import { FieldErrorsContext, FieldNotes, fieldId, labelClass } from './site-fields.tsx';

/**
 * An image of the site (photo, logo, share image, favicon): uploaded through the editor's pipeline
 * (Uppy, signed upload, `/objects/uploads/...`) or pasted as an address; a small preview, the
 * address, and `Remove` to go without one.
 */
export function ImageField(props: {
  path: string;
  label: string;
  /** Names the image in the buttons' accessible names: `Upload logo: Kampala Code Club`. */
  about?: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
}) {
  const { path, label, value } = props;
  const { errors, clear } = useContext(FieldErrorsContext);
  const error = errorAt(errors, path);
  const id = fieldId(path);
  const named = props.about ? `${label.toLowerCase()}: ${props.about}` : label.toLowerCase();
  const hint = props.hint ?? 'Upload an image, or paste the address of one.';
  // The preview waits for a pause in typing: every half-typed address would be a failed request.
  const src = publicImageUrl(value.trim());
  const settled = useDebouncedValue(src, 600);
  const [broken, setBroken] = useState<string>();
  const preview = src !== undefined && src === settled && src !== broken ? src : undefined;
  const set = (next: string) => {
    clear(path);
    props.onChange(next);
  };
  // `Remove` goes with the image: the focus moves to the (now empty) address, not to the page.
  const removeImage = () => {
    set('');
    document.getElementById(id)?.focus();
  };

  return (
    <div className="grid content-start gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="flex flex-wrap items-start gap-3">
        {preview && (
          // The preview is decoration beside the address the field shows.
          <img
            src={preview}
            alt=""
            onError={() => setBroken(preview)}
            className="h-16 w-16 shrink-0 rounded-md border border-slate-200 bg-slate-50 object-contain"
          />
        )}
        <div className="grid min-w-0 flex-1 gap-2">
          <Input
            id={id}
            type="text"
            inputMode="url"
            value={value}
            placeholder="No image"
            maxLength={SITE_LIMITS.url}
            aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
            onChange={(event) => set(event.target.value)}
            className={cx('text-sm', error && 'border-red-700')}
          />
          <div className="flex flex-wrap gap-2">
            <ImageUploadButton
              label={`Upload ${named}`}
              onUploaded={(image) => set(image.objectPath)}
              onFallback={(uploadURL) => set(uploadURL)}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              <ImagePlus aria-hidden="true" className="h-4 w-4" />
            </ImageUploadButton>
            {value && (
              <Button variant="danger-outline" size="sm" aria-label={`Remove ${named}`} onClick={removeImage}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Remove
              </Button>
            )}
          </div>
        </div>
      </div>
      <FieldNotes
        path={path}
        label={label}
        hint={src !== undefined && src === broken ? `${hint} This image could not be loaded.` : hint}
        error={error}
      />
    </div>
  );
}
