// One way to own disposables: what a long-lived object registers is disposed with it, last
// registered first; what is registered after it was disposed is disposed at once. Structural,
// so vscode.Disposable and anything else with a `dispose()` fits without importing 'vscode'.

export interface IDisposable {
  dispose(): void;
}

/** Empties the list and disposes its entries, last first. */
export function disposeAll(list: IDisposable[]): void {
  for (const d of list.splice(0).reverse()) d.dispose();
}

export abstract class Disposable implements IDisposable {
  private readonly registered: IDisposable[] = [];
  private disposed = false;

  /** Disposed with this object; at once if this object is already disposed. */
  protected _register<T extends IDisposable>(d: T): T {
    if (this.disposed) d.dispose();
    else this.registered.push(d);
    return d;
  }

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    disposeAll(this.registered);
  }
}
