// A credential file on its way to a preview, as the credential import and the restock pool read
// it: dropped or chosen, sent to main to be read (main parses it off the UI thread and keeps the
// rows; the page sees masked rows only), read again in another encoding, stopped or discarded.
// Every new read and every discard bumps a generation, so a late answer is recognised and the
// preview main built for it is let go.
import type { SellerDeskApi } from '../../../../electron/contract/ipc/api';
import type { CredentialPreviewReady } from '../../../../electron/contract/ipc/models';
import { explainError } from '../errorText';
import { fileLabel, type LoadPreviewRows } from './credentialPreview';
import type { CredentialsApi } from './importApis';

/** Main's end for one kind of preview: the import's (credentials.*) or the pool's (stock.pool*). */
export interface CredentialPreviewPort {
  preview: SellerDeskApi['credentials']['preview'];
  previewRows: SellerDeskApi['credentials']['previewRows'];
  discardPreview: SellerDeskApi['credentials']['discardPreview'];
}

/** The component's props are read when used (`api`, `port`, `localId`): they may be replaced. */
export interface CredentialFileOptions {
  api: () => Pick<CredentialsApi, 'fileRef' | 'dialogs'>;
  port: () => CredentialPreviewPort;
  localId: () => number;
  /** Main could not tell the encoding: read again in its likeliest (else the seller chooses). */
  likeliestEncoding: boolean;
  /** The words for a file the page could not even hand to main. */
  cannotRead: (name: string) => string;
  /** The words for a drop of several files (only the first is read); none: said nothing. */
  onlyFirst?: (name: string) => string;
  /** A new read starts: the last outcome no longer stands. */
  onread?: () => void;
}

export class CredentialFile {
  file = $state.raw<{ ref: string; name: string } | null>(null);
  /** The encoding the seller named; '' lets main detect it. */
  encoding = $state('');
  reading = $state(false);
  preview = $state.raw<CredentialPreviewReady | null>(null);
  /** Main could not tell the file's encoding: its candidates, while the seller chooses. */
  unsureEncodings = $state.raw<string[] | null>(null);
  failure = $state<string | null>(null);
  #generation = 0;
  readonly #options: CredentialFileOptions;

  constructor(options: CredentialFileOptions) {
    this.#options = options;
  }

  /** Further pages of the preview's rows: main keeps them all, the table asks as it scrolls. */
  readonly loadRows: LoadPreviewRows = async (request) => {
    const current = this.preview;
    if (!current) return null;
    const result = await this.#options.port().previewRows({
      previewId: current.previewId,
      ...request,
    });
    return result.ok ? result.value : null;
  };

  async read(ref: string, name: string): Promise<void> {
    const { localId, onread } = this.#options;
    const port = this.#options.port();
    const mine = ++this.#generation;
    this.#discardPreview();
    this.file = { ref, name };
    this.reading = true;
    this.unsureEncodings = null;
    this.failure = null;
    onread?.();
    const result = await port.preview({
      localId: localId(),
      file: ref,
      ...(this.encoding ? { encoding: this.encoding } : {}),
    });
    if (mine !== this.#generation) {
      // Stopped or superseded while main was reading: forget what it built.
      if (result.ok && result.value.state === 'ready') {
        void port.discardPreview({ previewId: result.value.previewId });
      }
      return;
    }
    this.reading = false;
    if (!result.ok) this.failure = `${name}: ${explainError(result.error)}`;
    else if (result.value.state === 'ready') this.preview = result.value;
    else if (!this.#options.likeliestEncoding) this.unsureEncodings = result.value.candidates;
    else {
      this.encoding = result.value.candidates[0] ?? '';
      if (this.encoding) void this.read(ref, name);
    }
  }

  /** Files dropped or picked with the page's own input: the first is read. */
  async onFiles(files: File[]): Promise<void> {
    const [first] = files;
    if (!first) return;
    const { cannotRead, onlyFirst } = this.#options;
    const api = this.#options.api();
    this.failure = null;
    // A new file may come from anywhere: detect its encoding again.
    this.encoding = '';
    try {
      await this.read(await api.fileRef(first), first.name);
      if (files.length > 1 && onlyFirst) this.failure = onlyFirst(first.name);
    } catch {
      this.reading = false;
      this.failure = cannotRead(first.name);
    }
  }

  /** "Choose file…": main's native dialog, else (the browser host) the page's own file input. */
  async choose(browse: () => void): Promise<void> {
    const picked = await this.#options.api().dialogs.pickFiles({ purpose: 'credentials' });
    if (!picked.ok) {
      if (picked.error.kind !== 'cancelled') browse();
      return;
    }
    const [ref] = picked.value;
    this.encoding = '';
    if (ref) await this.read(ref, fileLabel(ref));
  }

  changeEncoding(next: string): void {
    this.encoding = next;
    if (this.file) void this.read(this.file.ref, this.file.name);
  }

  /** Main took the preview (confirmed, whatever the answer): it cannot be used twice. */
  taken(): void {
    this.preview = null;
    this.file = null;
  }

  /** Stops a read, or lets the preview or the encoding question go. */
  discard(): void {
    this.#generation++;
    this.#discardPreview();
    this.reading = false;
    this.unsureEncodings = null;
    this.file = null;
    this.failure = null;
  }

  #discardPreview(): void {
    if (this.preview) {
      void this.#options.port().discardPreview({ previewId: this.preview.previewId });
    }
    this.preview = null;
  }
}
