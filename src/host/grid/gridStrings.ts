// The grid's texts, translated on the host (vscode.l10n.t) and injected into the webview
// as one object. Each text is a literal `vscode.l10n.t('…')` call so `@vscode/l10n-dev
// export` finds it. Placeholders ({0}, {1}) are filled in the webview by shared/strings.ts.
import * as vscode from 'vscode';
import { inert, SERVICE_NAME_MAX } from '../../core/inert';
import { DEFAULT_SERVICE_URL } from '../../core/serviceUrl';
import { safeLinkUrl } from '../../core/urls';
import { NAMED_COLORS } from '../../core/params';
import type { GridStrings } from '../../shared/strings';
import type { CommandAction } from '../key/errorActions';
import { ERROR_ACTIONS } from '../key/errorActions';

/** An error action's label with `{0}` left in place of the origin (filled in by the webview). */
function errorActionLabel(action: CommandAction): string {
  return ERROR_ACTIONS[action]('{0}').label;
}

function colorNames(): Record<string, string> {
  const names: Record<(typeof NAMED_COLORS)[number], string> = {
    red: vscode.l10n.t('Red'),
    orange: vscode.l10n.t('Orange'),
    yellow: vscode.l10n.t('Yellow'),
    green: vscode.l10n.t('Green'),
    turquoise: vscode.l10n.t('Turquoise'),
    blue: vscode.l10n.t('Blue'),
    violet: vscode.l10n.t('Violet'),
    pink: vscode.l10n.t('Pink'),
    brown: vscode.l10n.t('Brown'),
    black: vscode.l10n.t('Black'),
    gray: vscode.l10n.t('Gray'),
    white: vscode.l10n.t('White'),
  };
  return names;
}

export function gridStrings(serviceSetting: string, serviceUrlSetting: string): GridStrings {
  // Shown as text and as the "provided by" link: inert, and a checked https address.
  const serviceName = inert(serviceSetting, SERVICE_NAME_MAX);
  const serviceUrl = safeLinkUrl(serviceUrlSetting) ?? DEFAULT_SERVICE_URL;
  return {
    panelTitle: vscode.l10n.t('Stock Media'),
    toolbarLabel: vscode.l10n.t('Search and filters'),
    photos: vscode.l10n.t('Photos'),
    videos: vscode.l10n.t('Videos'),
    kindLabel: vscode.l10n.t('Media type'),
    searchPhotosPlaceholder: vscode.l10n.t('Search photos'),
    searchVideosPlaceholder: vscode.l10n.t('Search videos'),
    searchLabel: vscode.l10n.t('Search'),
    clearSearch: vscode.l10n.t('Clear search'),
    browseCurated: vscode.l10n.t('Curated'),
    browsePopular: vscode.l10n.t('Popular'),
    curatedTitle: vscode.l10n.t('Curated photos'),
    popularTitle: vscode.l10n.t('Popular videos'),
    orientation: vscode.l10n.t('Orientation'),
    size: vscode.l10n.t('Minimum size'),
    color: vscode.l10n.t('Colour'),
    language: vscode.l10n.t('Search language'),
    any: vscode.l10n.t('Any'),
    landscape: vscode.l10n.t('Landscape'),
    portrait: vscode.l10n.t('Portrait'),
    square: vscode.l10n.t('Square'),
    sizeLarge: vscode.l10n.t('Large'),
    sizeMedium: vscode.l10n.t('Medium'),
    sizeSmall: vscode.l10n.t('Small'),
    anyColor: vscode.l10n.t('Any colour'),
    hexColorLabel: vscode.l10n.t('Colour as a hex code'),
    hexColorPlaceholder: vscode.l10n.t('#rrggbb'),
    colorSwatch: vscode.l10n.t('Colour: {0}'),
    colorNames: colorNames(),
    minWidth: vscode.l10n.t('Min width'),
    minHeight: vscode.l10n.t('Min height'),
    minDuration: vscode.l10n.t('Min duration'),
    maxDuration: vscode.l10n.t('Max duration'),
    pixelsUnit: vscode.l10n.t('px'),
    secondsUnit: vscode.l10n.t('s'),
    filtersLabel: vscode.l10n.t('Filters'),
    errorEmptyQuery: vscode.l10n.t('Type something to search for.'),
    errorQueryTooLong: vscode.l10n.t('A search can be at most 500 characters long.'),
    errorBadColor: vscode.l10n.t('“{0}” is not a colour: pick a swatch or type a hex code such as #1e90ff.'),
    errorNotWholeNumber: vscode.l10n.t('{0} must be a whole number, 0 or more.'),
    errorTooLarge: vscode.l10n.t('{0} can be at most {1}.'),
    errorDurationOrder: vscode.l10n.t('The maximum duration must not be shorter than the minimum duration.'),
    loading: vscode.l10n.t('Loading…'),
    loadingMore: vscode.l10n.t('Loading more…'),
    resultsMany: vscode.l10n.t('{0} results'),
    // The plural forms: the webview picks one by the display language's rules (core/l10n.ts pluralOf).
    resultOne: vscode.l10n.t('{0} result'),
    // The service said no total: what is shown is counted, not claimed as the total.
    shownMany: vscode.l10n.t('{0} results shown'),
    shownOne: vscode.l10n.t('{0} result shown'),
    skippedOne: vscode.l10n.t('{0} result could not be shown'),
    skippedMany: vscode.l10n.t('{0} results could not be shown'),
    noResults: vscode.l10n.t('Nothing found'),
    noResultsFor: vscode.l10n.t('Nothing found for “{0}”.'),
    noResultsHint: vscode.l10n.t('Try other words, or fewer filters.'),
    startHint: vscode.l10n.t('Type what you are looking for, or browse curated photos and popular videos.'),
    endOfResults: vscode.l10n.t('That is everything.'),
    retry: vscode.l10n.t('Retry'),
    // The error actions' labels, from the one table (host/key/errorActions.ts); the webview fills in {0}.
    setApiKey: errorActionLabel('setApiKey'),
    getApiKey: errorActionLabel('getApiKey'),
    openSettings: errorActionLabel('openSettings'),
    checkKey: errorActionLabel('checkKey'),
    showQuota: errorActionLabel('showQuota'),
    quotaTitle: vscode.l10n.t('Rate limit or monthly quota used up'),
    keyTitle: vscode.l10n.t('An API key is needed'),
    keyOriginTitle: vscode.l10n.t('The key was checked with another server'),
    errorTitle: vscode.l10n.t('Something went wrong'),
    offlineTitle: vscode.l10n.t('Cannot reach {0}'),
    keptResults: vscode.l10n.t('The results below are from your last search.'),
    singleTitle: vscode.l10n.t('{0} {1}'),
    resetFilters: vscode.l10n.t('Reset Filters'),
    collectionTitle: vscode.l10n.t('Collection “{0}”'),
    starredTitle: vscode.l10n.t('Starred'),
    starredEmpty: vscode.l10n.t('Nothing starred yet: star photos and videos from their menu'),
    moreActions: vscode.l10n.t('More Actions… (Shift+F10)'),
    tileMoreActions: vscode.l10n.t('More Actions…'),
    resultsLabel: vscode.l10n.t('Results'),
    keyboardHint: vscode.l10n.t('Arrow keys move between results. Enter inserts, Space previews, Shift+F10 opens the menu.'),
    chooseTitle: vscode.l10n.t('Choose for the agent:'),
    choose: vscode.l10n.t('Choose'),
    chooseCancel: vscode.l10n.t('Cancel'),
    chooseKeyboardHint: vscode.l10n.t('Arrow keys move between results. Enter chooses, Space previews, Escape cancels, Shift+F10 opens the menu.'),
    photoBy: vscode.l10n.t('Photo by {0}'),
    videoBy: vscode.l10n.t('Video by {0}'),
    tileLabel: vscode.l10n.t('{0}, by {1}, {2}'),
    durationLabel: vscode.l10n.t('Duration {0}'),
    untitledPhoto: vscode.l10n.t('Photo'),
    untitledVideo: vscode.l10n.t('Video'),
    creditLinkLabel: vscode.l10n.t('{0}, profile on {1}'),
    insert: vscode.l10n.t('Insert into Editor'),
    // The titles of the same commands in the right-click menu (package.nls.json).
    insertAs: vscode.l10n.t('Insert as…'),
    saveAndInsert: vscode.l10n.t('Save into Workspace and Insert'),
    setCoverImage: vscode.l10n.t('Set as Cover Image'),
    setCoverImageAs: vscode.l10n.t('Set as Cover Image…'),
    star: vscode.l10n.t('Star'),
    unstar: vscode.l10n.t('Unstar'),
    copyUrl: vscode.l10n.t('Copy URL'),
    copyCredit: vscode.l10n.t('Copy Credit'),
    openOnService: vscode.l10n.t('Open on {0}'),
    preview: vscode.l10n.t('Preview'),
    closePreview: vscode.l10n.t('Close Preview'),
    dimensions: vscode.l10n.t('{0} × {1}'),
    providedBy: vscode.l10n.t('Photos and videos provided by {0}'),
    serviceName,
    serviceUrl,
  };
}
