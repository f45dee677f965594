// Every text the grid webview shows, resolved on the host with vscode.l10n.t and handed to
// the webview as one object, so the webview itself holds no user-facing text. Templates
// use `{0}`, `{1}` placeholders filled in by `format`.
import { l10n } from '../core/l10n';
import { is, object, refine, string, unknown } from '../core/schema';

export interface GridStrings {
  panelTitle: string;
  toolbarLabel: string;
  photos: string;
  videos: string;
  kindLabel: string;
  searchPhotosPlaceholder: string;
  searchVideosPlaceholder: string;
  searchLabel: string;
  clearSearch: string;
  browseCurated: string;
  browsePopular: string;
  curatedTitle: string;
  popularTitle: string;
  orientation: string;
  size: string;
  color: string;
  language: string;
  any: string;
  landscape: string;
  portrait: string;
  square: string;
  sizeLarge: string;
  sizeMedium: string;
  sizeSmall: string;
  anyColor: string;
  hexColorLabel: string;
  hexColorPlaceholder: string;
  /** {0}: colour name. */
  colorSwatch: string;
  colorNames: Record<string, string>;
  minWidth: string;
  minHeight: string;
  minDuration: string;
  maxDuration: string;
  pixelsUnit: string;
  secondsUnit: string;
  filtersLabel: string;
  // form errors
  errorEmptyQuery: string;
  errorQueryTooLong: string;
  /** {0}: what was typed. */
  errorBadColor: string;
  /** {0}: field label. */
  errorNotWholeNumber: string;
  /** {0}: field label, {1}: maximum. */
  errorTooLarge: string;
  errorDurationOrder: string;
  // status
  loading: string;
  loadingMore: string;
  /** {0}: formatted count. */
  resultsMany: string;
  resultOne: string;
  /** {0}: formatted count of the results shown, when the service said no total. */
  shownMany: string;
  shownOne: string;
  /** The service sent one result that could not be read. */
  skippedOne: string;
  /** {0}: formatted count of results that could not be read. */
  skippedMany: string;
  noResults: string;
  /** {0}: query. */
  noResultsFor: string;
  noResultsHint: string;
  startHint: string;
  endOfResults: string;
  retry: string;
  setApiKey: string;
  getApiKey: string;
  openSettings: string;
  showQuota: string;
  /** {0}: the API origin the key is checked with. */
  checkKey: string;
  quotaTitle: string;
  keyTitle: string;
  keyOriginTitle: string;
  errorTitle: string;
  /** {0}: service name. Above the kept tiles when a new search could not reach the service. */
  offlineTitle: string;
  /** Says the tiles below are the last search's, not the one that failed. */
  keptResults: string;
  /** {0}: kind + id, e.g. photo 123. */
  singleTitle: string;
  /** Sets every filter of the toolbar back to its default and searches again. */
  resetFilters: string;
  /** {0}: the collection's title (the service's text). */
  collectionTitle: string;
  /** The grid's line above the user's starred media. */
  starredTitle: string;
  /** In place of tiles when nothing is starred. */
  starredEmpty: string;
  /** The preview's button that opens the tile's menu (the same as a right-click). */
  moreActions: string;
  /** The tile's … button: its More Actions menu, the actions its toolbar does not show. */
  tileMoreActions: string;
  insertAs: string;
  saveAndInsert: string;
  setCoverImage: string;
  setCoverImageAs: string;
  /** The last item of a tile's … menu, by whether the media is starred. */
  star: string;
  unstar: string;
  resultsLabel: string;
  keyboardHint: string;
  // choose mode (the agent waits for the person to choose)
  /** Above the agent's prompt. */
  chooseTitle: string;
  /** A tile's first button and the preview's, in choose mode. */
  choose: string;
  /** Stops choosing (the agent hears that nothing was chosen). */
  chooseCancel: string;
  /** keyboardHint in choose mode. */
  chooseKeyboardHint: string;
  // tiles
  /** {0}: photographer. */
  photoBy: string;
  /** {0}: videographer. */
  videoBy: string;
  /** {0}: description or kind, {1}: credit, {2}: width × height. */
  tileLabel: string;
  /** {0}: duration as m:ss. */
  durationLabel: string;
  untitledPhoto: string;
  untitledVideo: string;
  /** {0}: name. */
  creditLinkLabel: string;
  insert: string;
  copyUrl: string;
  copyCredit: string;
  openOnService: string;
  preview: string;
  closePreview: string;
  /** {0}: width, {1}: height. */
  dimensions: string;
  // attribution (usage guidelines)
  /** {0}: service name. */
  providedBy: string;
  serviceName: string;
  serviceUrl: string;
}

/** Fills `{0}`, `{1}`, … with the arguments; a placeholder without an argument stays. */
export function format(template: string, ...args: readonly (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (match, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? match : String(value);
  });
}

/** m:ss, or h:mm:ss from an hour on. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** Every text key except colorNames (a map of its own). */
export const GRID_STRING_KEYS: readonly Exclude<keyof GridStrings, 'colorNames'>[] = [
  'panelTitle', 'toolbarLabel', 'photos', 'videos', 'kindLabel', 'searchPhotosPlaceholder',
  'searchVideosPlaceholder', 'searchLabel', 'clearSearch', 'browseCurated', 'browsePopular',
  'curatedTitle', 'popularTitle', 'orientation', 'size', 'color', 'language', 'any', 'landscape',
  'portrait', 'square', 'sizeLarge', 'sizeMedium', 'sizeSmall', 'anyColor', 'hexColorLabel',
  'hexColorPlaceholder', 'colorSwatch', 'minWidth', 'minHeight', 'minDuration', 'maxDuration',
  'pixelsUnit', 'secondsUnit', 'filtersLabel', 'errorEmptyQuery', 'errorQueryTooLong', 'errorBadColor',
  'errorNotWholeNumber', 'errorTooLarge', 'errorDurationOrder', 'loading', 'loadingMore', 'resultsMany',
  'resultOne', 'shownMany', 'shownOne', 'skippedOne', 'skippedMany', 'noResults', 'noResultsFor', 'noResultsHint', 'startHint', 'endOfResults', 'retry',
  'setApiKey', 'getApiKey', 'openSettings', 'showQuota', 'checkKey', 'quotaTitle', 'keyTitle', 'keyOriginTitle', 'errorTitle', 'offlineTitle', 'keptResults', 'singleTitle', 'resetFilters', 'collectionTitle', 'starredTitle', 'starredEmpty', 'moreActions', 'tileMoreActions', 'resultsLabel',
  'keyboardHint', 'chooseTitle', 'choose', 'chooseCancel', 'chooseKeyboardHint', 'photoBy', 'videoBy', 'tileLabel', 'durationLabel', 'untitledPhoto', 'untitledVideo',
  'creditLinkLabel', 'insert', 'insertAs', 'saveAndInsert', 'setCoverImage', 'setCoverImageAs', 'star', 'unstar', 'copyUrl', 'copyCredit', 'openOnService', 'preview', 'closePreview',
  'dimensions', 'providedBy', 'serviceName', 'serviceUrl',
];

/** The webview checks the injected strings once; a missing one would show as blank UI. */
const gridStrings = object({
  ...Object.fromEntries(GRID_STRING_KEYS.map((k) => [k, string()])),
  colorNames: refine(
    unknown,
    (v) => typeof v === 'object' && v !== null && Object.values(v).every((name) => typeof name === 'string'),
    () => l10n.t('an object'),
  ),
});

export function isGridStrings(value: unknown): value is GridStrings {
  return is(gridStrings, value);
}
