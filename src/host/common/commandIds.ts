// Every command id, mirroring contributes.commands (a unit test compares the two).
export const CommandId = {
  setApiKey: 'stockMedia.setApiKey',
  getApiKey: 'stockMedia.getApiKey',
  checkApiKey: 'stockMedia.checkApiKey',
  clearApiKey: 'stockMedia.clearApiKey',
  showQuota: 'stockMedia.showQuota',
  showLog: 'stockMedia.showLog',
  search: 'stockMedia.search',
  searchVideos: 'stockMedia.searchVideos',
  showCurated: 'stockMedia.showCurated',
  showPopularVideos: 'stockMedia.showPopularVideos',
  openMedia: 'stockMedia.openMedia',
  clearRecentSearches: 'stockMedia.clearRecentSearches',
  collectionsRefresh: 'stockMedia.collections.refresh',
  collectionsFilter: 'stockMedia.collections.filter',
  collectionsOpenInGrid: 'stockMedia.collections.openInGrid',
  collectionsLoadMore: 'stockMedia.collections.loadMore',
  collectionsRetry: 'stockMedia.collections.retry',
  insert: 'stockMedia.insert',
  insertAs: 'stockMedia.insertAs',
  saveAndInsert: 'stockMedia.saveAndInsert',
  setCoverImage: 'stockMedia.setCoverImage',
  setCoverImageAs: 'stockMedia.setCoverImageAs',
  copyUrl: 'stockMedia.copyUrl',
  copyCredit: 'stockMedia.copyCredit',
  chooseTile: 'stockMedia.chooseTile',
  openOnService: 'stockMedia.openOnService',
  writeCreditsFile: 'stockMedia.writeCreditsFile',
  addCreditLine: 'stockMedia.addCreditLine',
  workspaceMediaRefresh: 'stockMedia.workspaceMedia.refresh',
  workspaceMediaAddCredits: 'stockMedia.workspaceMedia.addCredits',
  workspaceMediaOpenInGrid: 'stockMedia.workspaceMedia.openInGrid',
  clearRecentMedia: 'stockMedia.clearRecentMedia',
  star: 'stockMedia.star',
  unstar: 'stockMedia.unstar',
  showStarred: 'stockMedia.showStarred',
} as const;

/** The grid's webview panels (the serializer's type, activationEvents' onWebviewPanel). */
export const GRID_VIEW_TYPE = 'stockMedia.grid';

/** The collections tree (contributes.views). */
export const COLLECTIONS_VIEW_ID = 'stockMedia.collections';

/** In This Workspace (contributes.views): the media the workspace's files use. */
export const WORKSPACE_MEDIA_VIEW_ID = 'stockMedia.workspaceMedia';

/** Context keys the extension sets (used in `when` clauses). */
export const ContextKey = {
  hasApiKey: 'stockMedia.hasApiKey',
  /** The walkthrough's steps complete on these (host/walkthrough/milestones.ts): done once in this profile. */
  hasSearched: 'stockMedia.hasSearched',
  hasInserted: 'stockMedia.hasInserted',
  hasSetCover: 'stockMedia.hasSetCover',
  /** The starred media's keys (`photo:<id>`: true), for the grid tile menu's Star and Unstar. */
  starredKeys: 'stockMedia.starredKeys',
  /** In This Workspace has read the workspace once: until then its empty view says it is reading, not that nothing is there. */
  workspaceMediaRead: 'stockMedia.workspaceMediaRead',
} as const;
