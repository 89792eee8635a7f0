import type { Dispatch, SetStateAction } from 'react';
import { ALL_POSTS_CATEGORY, LIMITS } from '../../../../shared/constants.ts';
import { SITE_LIMITS } from '../../../../shared/site.ts';
import { ListEditor } from './list-editor.tsx';
import { FieldGroup, partSetter, SectionHeading, type SectionProps } from './section-parts.tsx';
import { applyListOp, renameCategory } from './site-form-model.ts';
import { fieldId, hintClass, RemovableWords, TextField } from './site-fields.tsx';

/**
 * `Blog`: the list's heading and its categories. `savedLabels` holds, beside each category, the
 * label it was saved with (none for a new one): renaming adds that label to its tags.
 */
export function BlogSection({
  site,
  setSite,
  savedLabels,
  setSavedLabels,
}: SectionProps & {
  savedLabels: Array<string | undefined>;
  setSavedLabels: Dispatch<SetStateAction<Array<string | undefined>>>;
}) {
  const { blog } = site;
  const setBlog = partSetter(setSite, 'blog');

  return (
    <div className="grid gap-6">
      <SectionHeading id="site-section-blog" title="Blog">
        The heading of the blog and its category buttons.
      </SectionHeading>
      <FieldGroup>
        <TextField
          path="blog.title"
          label="Title"
          required
          maxLength={SITE_LIMITS.short}
          value={blog.title}
          onChange={(title) => setBlog({ title })}
        />
        <TextField
          path="blog.description"
          label="Description"
          multiline
          maxLength={SITE_LIMITS.paragraph}
          value={blog.description}
          onChange={(description) => setBlog({ description })}
        />
      </FieldGroup>
      <FieldGroup>
        <ListEditor
          path="blog.categories"
          title="Categories"
          noun="category"
          max={SITE_LIMITS.categories}
          hint={
            <>
              <strong className="font-semibold text-slate-900">{ALL_POSTS_CATEGORY}</strong> always comes first and lists every
              post; it cannot be renamed or removed. A category shows the posts tagged with its label (in any case).
            </>
          }
          items={blog.categories}
          create={() => ({ label: '', tags: [] })}
          name={(category) => category.label}
          onChange={(update, op) => {
            setBlog((current) => ({ categories: update(current.categories) }));
            if (op) setSavedLabels((labels) => applyListOp(labels, op, () => undefined));
          }}
          renderItem={(category, index, set) => {
            const owner = category.label.trim() || `category ${index + 1}`;
            return (
              <>
                <TextField
                  path={`blog.categories.${index}.label`}
                  label="Label"
                  required
                  maxLength={LIMITS.tag}
                  value={category.label}
                  onChange={(label) => set((current) => renameCategory(current, savedLabels[index], label))}
                />
                {category.tags.length > 0 ? (
                  <RemovableWords
                    label="Also shows posts tagged:"
                    owner={owner}
                    words={category.tags}
                    focusAfterLast={fieldId(`blog.categories.${index}.label`)}
                    onRemove={(tag) => set((current) => ({ ...current, tags: current.tags.filter((t) => t !== tag) }))}
                  />
                ) : savedLabels[index] === undefined ? null : (
                  <p className={hintClass}>Renaming keeps the posts tagged with the old label in this category.</p>
                )}
              </>
            );
          }}
        />
      </FieldGroup>
    </div>
  );
}
