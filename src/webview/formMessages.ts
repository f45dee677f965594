// The sentence for each toolbar mistake, shown inline next to the field, in the strings
// the host sent (the palette commands word the same mistakes in core/search.ts).
import type { FormError, FormField, GridForm } from '../core/searchForm';
import type { GridStrings } from '../shared/strings';
import { format } from '../shared/strings';

export function fieldLabel(field: FormField, strings: GridStrings): string {
  switch (field) {
    case 'query':
      return strings.searchLabel;
    case 'color':
      return strings.color;
    case 'minWidth':
      return strings.minWidth;
    case 'minHeight':
      return strings.minHeight;
    case 'minDuration':
      return strings.minDuration;
    case 'maxDuration':
      return strings.maxDuration;
    default: {
      const never: never = field;
      return String(never);
    }
  }
}

export function formErrorMessage(error: FormError, form: GridForm, strings: GridStrings): string {
  switch (error.code) {
    case 'emptyQuery':
      return strings.errorEmptyQuery;
    case 'queryTooLong':
      return strings.errorQueryTooLong;
    case 'badColor':
      return format(strings.errorBadColor, form.color.trim());
    case 'notWholeNumber':
      return format(strings.errorNotWholeNumber, fieldLabel(error.field, strings));
    case 'tooLarge':
      return format(strings.errorTooLarge, fieldLabel(error.field, strings), error.max ?? 0);
    case 'durationOrder':
      return strings.errorDurationOrder;
    default: {
      const never: never = error.code;
      return String(never);
    }
  }
}
