// The grid's toolbar: photos/videos, the query, curated/popular browsing, and the filters
// of the current mode. It only reports what the user changed and how (at once, or while
// typing); the app decides when that becomes a search.
import { LOCALES, NAMED_COLORS, ORIENTATIONS, SIZES } from '../core/params';
import type { Locale } from '../core/params';
import { parseColorInput } from '../core/searchForm';
import type { FormField, GridForm } from '../core/searchForm';
import type { GridStrings } from '../shared/strings';
import { format } from '../shared/strings';
import { h, icon, iconButton, setIcon, uniqueId } from './dom';

export type ToolbarField = keyof GridForm;

export interface ChangeTrigger {
  field: ToolbarField;
  /** False while the user is still typing (or arrowing through swatches): debounce. */
  immediate: boolean;
  /** Enter in a text field: a search the user asked for, so an empty query is reported. */
  explicit: boolean;
}

export interface ToolbarCallbacks {
  onChange(form: GridForm, trigger: ChangeTrigger): void;
}

interface RadioGroup<T extends string> {
  element: HTMLElement;
  set(value: T): void;
}

/** A radiogroup with one tab stop; arrows move and select, like the workbench's toggles. */
function radioGroup<T extends string>(
  label: string,
  className: string,
  options: readonly { value: T; label: string; content: (Node | string)[]; title?: string }[],
  onSelect: (value: T, byKeyboard: boolean) => void,
): RadioGroup<T> {
  const group = h('div', { role: 'radiogroup', 'aria-label': label, class: className });
  const buttons = options.map((o) =>
    h('button', { type: 'button', role: 'radio', 'aria-checked': 'false', 'aria-label': o.label, title: o.title ?? o.label, 'data-value': o.value, tabindex: '-1' }, ...o.content),
  );
  group.append(...buttons);
  let current: T | undefined;
  const set = (value: T): void => {
    current = value;
    const index = Math.max(0, options.findIndex((o) => o.value === value));
    buttons.forEach((b, i) => {
      b.setAttribute('aria-checked', String(i === index && options[i]?.value === value));
      b.tabIndex = i === index ? 0 : -1;
    });
  };
  group.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button');
    const value = button?.dataset.value as T | undefined;
    if (value === undefined) return;
    set(value);
    onSelect(value, false);
  });
  group.addEventListener('keydown', (event) => {
    const index = options.findIndex((o) => o.value === current);
    let next = -1;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % options.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + options.length) % options.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = options.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const option = options[next];
    if (!option) return;
    set(option.value);
    buttons[next]?.focus();
    onSelect(option.value, true);
  });
  return { element: group, set };
}

function select<T extends string>(
  label: string,
  options: readonly { value: T; label: string }[],
  onChange: (value: T) => void,
): { element: HTMLElement; control: HTMLSelectElement } {
  const id = uniqueId('select');
  const control = h('select', { id, class: 'dropdown' }, ...options.map((o) => h('option', { value: o.value }, o.label)));
  control.addEventListener('change', () => onChange(control.value as T));
  const element = h('div', { class: 'field' }, h('label', { for: id }, label), h('div', { class: 'dropdown-wrap' }, control, icon('chevron-down', 'dropdown-chevron')));
  return { element, control };
}

function localeName(locale: Locale, lang: string): string {
  try {
    const names = new Intl.DisplayNames([lang, 'en'], { type: 'language' });
    return names.of(locale) ?? locale;
  } catch {
    return locale;
  }
}

export class Toolbar {
  readonly element: HTMLElement;
  private form: GridForm;
  private readonly kind: RadioGroup<GridForm['kind']>;
  private readonly query: HTMLInputElement;
  private readonly clearQuery: HTMLButtonElement;
  private readonly browse: HTMLButtonElement;
  private readonly browseLabel: HTMLSpanElement;
  private readonly browseIcon: HTMLSpanElement;
  private readonly searchFilters: HTMLElement;
  private readonly popularFilters: HTMLElement;
  private readonly orientation: HTMLSelectElement;
  private readonly size: HTMLSelectElement;
  private readonly locale: HTMLSelectElement;
  private readonly colorField: HTMLElement;
  private readonly swatches: RadioGroup<string>;
  private readonly hex: HTMLInputElement;
  private readonly hexChip: HTMLSpanElement;
  private readonly numbers: Record<'minWidth' | 'minHeight' | 'minDuration' | 'maxDuration', HTMLInputElement>;
  private readonly errorBox: HTMLElement;

  constructor(
    private readonly strings: GridStrings,
    lang: string,
    form: GridForm,
    private readonly callbacks: ToolbarCallbacks,
  ) {
    this.form = { ...form };
    const s = strings;

    this.kind = radioGroup(
      s.kindLabel,
      'segmented',
      [
        { value: 'photos', label: s.photos, content: [icon('file-media'), h('span', {}, s.photos)] },
        { value: 'videos', label: s.videos, content: [icon('device-camera-video'), h('span', {}, s.videos)] },
      ],
      (kind) => this.change({ kind }, 'kind', true),
    );

    this.query = h('input', {
      type: 'search',
      class: 'query-input',
      'aria-label': s.searchLabel,
      spellcheck: 'false',
      autocomplete: 'off',
      maxlength: '500',
    });
    this.query.addEventListener('input', () => this.change({ query: this.query.value, browse: false }, 'query', false));
    this.query.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        this.change({ query: this.query.value, browse: false }, 'query', true, true);
      }
    });
    this.clearQuery = iconButton('close', s.clearSearch, { class: 'icon-button clear-query' });
    this.clearQuery.addEventListener('click', () => {
      this.query.value = '';
      this.query.focus();
      this.change({ query: '' }, 'query', true, false);
    });
    const searchBox = h('div', { class: 'search-box' }, icon('search', 'search-icon'), this.query, this.clearQuery);

    this.browseIcon = icon('star-empty');
    this.browseLabel = h('span', {});
    this.browse = h('button', { type: 'button', class: 'toggle-button', 'aria-pressed': 'false' }, this.browseIcon, this.browseLabel);
    this.browse.addEventListener('click', () => this.change({ browse: !this.form.browse }, 'browse', true));

    const orientation = select(
      s.orientation,
      [{ value: '', label: s.any }, ...ORIENTATIONS.map((o) => ({ value: o, label: s[o] }))],
      (value) => this.change({ orientation: value as GridForm['orientation'] }, 'orientation', true),
    );
    this.orientation = orientation.control;
    const sizeLabels = { large: s.sizeLarge, medium: s.sizeMedium, small: s.sizeSmall };
    const size = select(
      s.size,
      [{ value: '', label: s.any }, ...SIZES.map((o) => ({ value: o, label: sizeLabels[o] }))],
      (value) => this.change({ size: value as GridForm['size'] }, 'size', true),
    );
    this.size = size.control;
    const locale = select(
      s.language,
      [...LOCALES].map((l) => ({ value: l, label: localeName(l, lang) })).sort((a, b) => a.label.localeCompare(b.label, lang)),
      (value) => this.change({ locale: value as Locale }, 'locale', true),
    );
    this.locale = locale.control;

    this.swatches = radioGroup(
      s.color,
      'swatches',
      [
        { value: '', label: s.anyColor, content: [icon('circle-slash')] },
        ...NAMED_COLORS.map((c) => {
          const name = s.colorNames[c] ?? c;
          const dot = h('span', { class: 'swatch-dot' });
          // The swatch shows its own colour; CSSOM, not a style attribute (CSP).
          dot.style.backgroundColor = c;
          return { value: c as string, label: format(s.colorSwatch, name), title: name, content: [dot] };
        }),
      ],
      (value, byKeyboard) => {
        this.hex.value = '';
        this.change({ color: value }, 'color', !byKeyboard);
      },
    );
    const hexId = uniqueId('hex');
    this.hexChip = h('span', { class: 'hex-chip', 'aria-hidden': 'true' });
    this.hex = h('input', {
      id: hexId,
      type: 'text',
      class: 'hex-input',
      'aria-label': s.hexColorLabel,
      placeholder: s.hexColorPlaceholder,
      spellcheck: 'false',
      autocomplete: 'off',
      maxlength: '7',
    });
    this.hex.addEventListener('input', () => {
      this.swatches.set(this.hex.value.trim() === '' ? '' : '#');
      this.change({ color: this.hex.value }, 'color', false);
    });
    this.hex.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        this.change({ color: this.hex.value }, 'color', true, true);
      }
    });
    this.colorField = h(
      'div',
      { class: 'field color-field' },
      h('span', { class: 'field-label', 'aria-hidden': 'true' }, s.color),
      this.swatches.element,
      h('div', { class: 'hex-wrap' }, this.hexChip, this.hex),
    );

    this.searchFilters = h('div', { class: 'filters', role: 'group', 'aria-label': s.filtersLabel }, orientation.element, size.element, this.colorField, locale.element);

    const numberField = (field: 'minWidth' | 'minHeight' | 'minDuration' | 'maxDuration', unit: string): { element: HTMLElement; input: HTMLInputElement } => {
      const id = uniqueId(field);
      const input = h('input', { id, type: 'text', inputmode: 'numeric', class: 'number-input', spellcheck: 'false', autocomplete: 'off', maxlength: '9' });
      input.addEventListener('input', () => this.change({ [field]: input.value }, field, false));
      input.addEventListener('keydown', (event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          this.change({ [field]: input.value }, field, true, true);
        }
      });
      const element = h('div', { class: 'field' }, h('label', { for: id }, s[field]), h('div', { class: 'number-wrap' }, input, h('span', { class: 'unit', 'aria-hidden': 'true' }, unit)));
      return { element, input };
    };
    const minWidth = numberField('minWidth', s.pixelsUnit);
    const minHeight = numberField('minHeight', s.pixelsUnit);
    const minDuration = numberField('minDuration', s.secondsUnit);
    const maxDuration = numberField('maxDuration', s.secondsUnit);
    this.numbers = { minWidth: minWidth.input, minHeight: minHeight.input, minDuration: minDuration.input, maxDuration: maxDuration.input };
    this.popularFilters = h('div', { class: 'filters', role: 'group', 'aria-label': s.filtersLabel }, minWidth.element, minHeight.element, minDuration.element, maxDuration.element);

    this.errorBox = h('div', { class: 'form-error', role: 'alert', id: uniqueId('form-error'), hidden: true });

    this.element = h(
      'header',
      { class: 'toolbar', role: 'search', 'aria-label': s.toolbarLabel },
      h('div', { class: 'toolbar-row' }, this.kind.element, searchBox, this.browse),
      this.searchFilters,
      this.popularFilters,
      this.errorBox,
    );
    this.set(form);
  }

  get value(): GridForm {
    return { ...this.form };
  }

  /** Shows `form` in the controls without reporting a change. */
  set(form: GridForm): void {
    this.form = { ...form };
    const s = this.strings;
    this.kind.set(form.kind);
    // Curated photos and popular videos answer no query: one left in the box would read as
    // if it did. The form keeps it; it comes back when browsing is turned off.
    const shown = form.browse ? '' : form.query;
    if (this.query.value !== shown) this.query.value = shown;
    this.query.placeholder = form.kind === 'photos' ? s.searchPhotosPlaceholder : s.searchVideosPlaceholder;
    this.clearQuery.hidden = shown === '';
    const browseText = form.kind === 'photos' ? s.browseCurated : s.browsePopular;
    this.browseLabel.textContent = browseText;
    this.browse.title = form.kind === 'photos' ? s.curatedTitle : s.popularTitle;
    this.browse.setAttribute('aria-pressed', String(form.browse));
    setIcon(this.browseIcon, form.kind === 'photos' ? 'star-empty' : 'flame');
    this.orientation.value = form.orientation;
    this.size.value = form.size;
    this.locale.value = form.locale;
    const named = (NAMED_COLORS as readonly string[]).includes(form.color.trim().toLowerCase());
    this.swatches.set(form.color.trim() === '' ? '' : named ? form.color.trim().toLowerCase() : '#');
    if (!named && document.activeElement !== this.hex) this.hex.value = form.color;
    if (named) this.hex.value = '';
    this.updateHexChip();
    for (const [field, input] of Object.entries(this.numbers) as [keyof typeof this.numbers, HTMLInputElement][]) {
      if (input.value !== form[field]) input.value = form[field];
    }
    this.searchFilters.hidden = form.browse;
    this.colorField.hidden = form.kind !== 'photos';
    this.popularFilters.hidden = !(form.browse && form.kind === 'videos');
  }

  showErrors(errors: readonly { field: FormField; message: string }[]): void {
    const inputs: Record<FormField, HTMLElement> = { query: this.query, color: this.hex, ...this.numbers };
    for (const [field, input] of Object.entries(inputs) as [FormField, HTMLElement][]) {
      const error = errors.find((e) => e.field === field);
      if (error) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', this.errorBox.id);
      } else {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      }
    }
    this.errorBox.replaceChildren(...errors.map((e) => h('div', { class: 'form-error-line' }, icon('error'), h('span', {}, e.message))));
    this.errorBox.hidden = errors.length === 0;
  }

  focusQuery(): void {
    this.query.focus();
  }

  private updateHexChip(): void {
    const parsed = parseColorInput(this.hex.value);
    const valid = parsed.ok && parsed.value !== undefined && parsed.value.startsWith('#');
    this.hexChip.hidden = !valid;
    if (valid && parsed.ok && parsed.value) this.hexChip.style.backgroundColor = parsed.value;
  }

  private change(patch: Partial<GridForm>, field: ToolbarField, immediate: boolean, explicit = false): void {
    this.set({ ...this.form, ...patch });
    this.callbacks.onChange(this.value, { field, immediate, explicit });
  }
}
