/**
 * The editor's media library, in place of Decap's (registered with
 * CMS.registerMediaLibrary and named in the configuration: decision 0005;
 * why not Decap's own `media_processing`: decision 0006, with its upstream
 * issues, decap-cms#1322 for the sizes checked, and the rest to file). Opened from a
 * picture field, with the slot the field's picture is shown in (its
 * `media_library.config`, content/editor-config.ts), or on its own from Decap's
 * Media button, it lists the pictures of content/art with a thumbnail and
 * their size, uploads, replaces (same name: asked first), deletes, and puts
 * the chosen picture's file name in the field.
 *
 * On the way in a photo is drawn again in the browser: createImageBitmap
 * turns it upright (its EXIF orientation), a canvas draws it at its master's
 * size (uploads.ts) and writes it again, which writes none of the camera's
 * metadata. A picture the site would refuse (a kind it does not take, a
 * drawing with scripts, a photo too small for the field's slot, in the
 * build's own words: content/picture-problems.ts) is refused before anything is
 * written or put in the field. Every write goes through the backend Decap
 * made, whose gate runs the content check first (repository.ts); what it
 * refuses is said here, and nothing is written. Its words: locale.ts.
 */
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { imageSize } from 'image-size';
import type { AssetProxy, Implementation, ImplementationMediaFile } from 'decap-cms-lib-util';
import { ART_FOLDER, MASTER_LIMITS, pictureNeed, PICTURE_SLOTS, type PictureSlot } from '../../content/art.ts';
import { MEDIA_LIBRARY } from '../../content/editor-config.ts';
import { pictureKind, pictureProblem } from '../../content/picture-problems.ts';
import { fill, filled, library } from './locale.ts';
import { ContentRefused, editorBackend } from './repository.ts';
import { bytesInWords, masterOf, TAKEN_TYPES, uploadRefusal, type DrawingMaster, type PhotoKind, type PhotoMaster } from './uploads.ts';

/** How a photo's JPEG master is written: enough for the build to make every smaller copy from it. */
const JPEG_QUALITY = 0.9;

/** What the library was opened for: a field (its slot, its picture now), or on its own. */
interface Request {
  slot?: PictureSlot;
  value?: string;
  forField: boolean;
}

/** A picture of content/art as listed: its bytes (checked against a slot before it is used), a URL to draw it, its size. */
interface Picture {
  name: string;
  url: string;
  bytes: Uint8Array;
  width?: number;
  height?: number;
}

/** A file made ready to write: the file as it will be in content/art, and what to tell the owner of it. */
interface Prepared {
  file: File;
  picture: Picture;
  /** What is said of it once written: a sentence, or two (a WebP or AVIF converted). */
  told: ReactNode[];
}

type Notice = { kind: 'told'; said: ReactNode[] } | { kind: 'refused'; heading: string; lines: readonly string[] };
type Question = { kind: 'replace'; prepared: Prepared; from: string } | { kind: 'delete'; name: string };

/** A picture as the list shows it, from the file the backend read. */
async function pictureOf(name: string, file: Blob, url = URL.createObjectURL(file)): Promise<Picture> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = pictureKind(name, bytes);
  return { name, url, bytes, ...('problem' in kind ? {} : { width: kind.width, height: kind.height }) };
}

/** Every picture of content/art: the local backend lists them with their bytes, GitHub's without (each is read then). */
async function listPictures(backend: Implementation): Promise<Picture[]> {
  const listed = await backend.getMedia(ART_FOLDER);
  const read = await Promise.all(listed.map(async (media): Promise<ImplementationMediaFile> => (media.file ? media : backend.getMediaFile(media.path))));
  const pictures = await Promise.all(read.map((media) => pictureOf(media.name, media.file!, typeof media.url === 'string' ? media.url : undefined)));
  return pictures.sort((a, b) => a.name.localeCompare(b.name));
}

/** The kind image-size reads in the bytes; undefined when it cannot read them. */
function kindIn(bytes: Uint8Array): string | undefined {
  try {
    return imageSize(bytes).type;
  } catch {
    return undefined;
  }
}

/** Whether a canvas holds a pixel that is not fully opaque. */
function hasTransparency(context: CanvasRenderingContext2D, width: number, height: number): boolean {
  const { data } = context.getImageData(0, 0, width, height);
  for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha]! < 255) return true;
  return false;
}

/**
 * The file as content/art will hold it, or why it is refused: taken (kind,
 * size), named, a photo drawn upright at its master's size and written
 * again, then checked as the site checks it (for the slot, from a field).
 */
async function prepare(file: File, slot: PictureSlot | undefined): Promise<Prepared | { problems: string[] }> {
  const source = file.size > MASTER_LIMITS.bytes ? undefined : new Uint8Array(await file.arrayBuffer());
  const kind = source && kindIn(source);
  const refusal = uploadRefusal(file.name, file.size, kind);
  if (refusal || !source) return { problems: [refusal!] };
  const written = kind === 'svg' ? drawing(file, source) : await photo(file, kind as PhotoKind);
  if ('problems' in written) return written;
  const { master, bytes } = written;
  // In the build's words: a drawing with scripts, a photo too small for where it is shown.
  const checked = pictureKind(master.name, bytes);
  const problem = slot ? pictureProblem(master.name, new Map([[master.name, bytes]]), slot) : 'problem' in checked ? checked.problem : undefined;
  if (problem) return { problems: [problem] };
  const saved = new File([bytes as BlobPart], master.name, { type: master.type });
  const told =
    master.type === 'image/svg+xml'
      ? [filled(library.savedDrawing, { file: file.name, name: master.name })]
      : [
          filled(library.savedPhoto, { file: file.name, name: master.name, width: String(master.width), height: String(master.height) }),
          ...(kind === 'webp' || kind === 'avif' ? [filled(library.converted, { kind: master.type === 'image/png' ? 'PNG' : 'JPEG' })] : []),
        ];
  return { file: saved, picture: await pictureOf(master.name, saved), told };
}

/** A drawing, as it is, under its portable name. */
function drawing(file: File, bytes: Uint8Array): { master: DrawingMaster; bytes: Uint8Array } {
  return { master: masterOf(file, 'svg'), bytes };
}

/** A photo drawn upright at its master's size and written again as JPEG or PNG, which carries none of the camera's metadata. */
async function photo(file: File, kind: PhotoKind): Promise<{ master: PhotoMaster; bytes: Uint8Array } | { problems: string[] }> {
  let bitmap: ImageBitmap;
  try {
    // Its EXIF orientation applied: imageOrientation "from-image" is the default in every engine.
    bitmap = await createImageBitmap(file);
  } catch {
    return { problems: [fill(library.unreadable, { file: file.name })] };
  }
  const upright = { width: bitmap.width, height: bitmap.height, transparent: false };
  const sized = masterOf(file, kind, upright);
  const canvas = Object.assign(document.createElement('canvas'), { width: sized.width, height: sized.height });
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, sized.width, sized.height);
  bitmap.close();
  // Only a WebP or an AVIF may become either kind.
  const master = (kind === 'webp' || kind === 'avif') && hasTransparency(context, sized.width, sized.height) ? masterOf(file, kind, { ...upright, transparent: true }) : sized;
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, master.type, JPEG_QUALITY));
  // A browser that cannot write a kind writes PNG instead: said, not written under another kind's name.
  if (!blob || blob.type !== master.type) return { problems: [fill(library.notWritten, { kind: master.type === 'image/png' ? 'PNG' : 'JPEG' })] };
  if (blob.size > MASTER_LIMITS.bytes) return { problems: [fill(library.masterTooLarge, { name: master.name, bytes: bytesInWords(blob.size), longSide: String(MASTER_LIMITS.longSide) })] };
  return { master, bytes: new Uint8Array(await blob.arrayBuffer()) };
}

/** The file as Decap's backends take an upload (decap-cms-lib-util's AssetProxy): its path, the file, its bytes in base64 (the proxy backend sends them, GitHub makes a blob of them). */
function assetOf(file: File, url: string): AssetProxy {
  return {
    path: `${ART_FOLDER}/${file.name}`,
    url,
    fileObj: file,
    toBase64: () =>
      new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve((reader.result as string).slice((reader.result as string).indexOf(',') + 1));
        reader.onerror = () => reject(reader.error ?? new Error(`${file.name} could not be read`));
        reader.readAsDataURL(file);
      }),
  };
}

/** What a failed write says: the content check's lines (the gate refused it), or the error's message. */
function refusedBy(error: unknown, heading: string): Notice {
  if (error instanceof ContentRefused) return { kind: 'refused', heading, lines: error.problems };
  return { kind: 'refused', heading: library.failed, lines: [error instanceof Error ? error.message : String(error)] };
}

function Library({ request, insert, close }: { request: Request | undefined; insert: (name: string) => void; close: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [pictures, setPictures] = useState<Picture[] | undefined>();
  const [notice, setNotice] = useState<Notice | undefined>();
  const [question, setQuestion] = useState<Question | undefined>();
  const [busy, setBusy] = useState<ReactNode[] | undefined>();
  const backend = editorBackend();

  useEffect(() => {
    const element = dialog.current!;
    setNotice(undefined);
    setQuestion(undefined);
    setPictures(undefined);
    if (!request) {
      if (element.open) element.close();
      return;
    }
    if (!element.open) element.showModal();
    if (!backend) {
      setNotice({ kind: 'refused', heading: library.failed, lines: [library.notOpened] });
      return;
    }
    let current = true;
    listPictures(backend).then(
      (listed) => current && setPictures(listed),
      (error: unknown) => current && setNotice(refusedBy(error, library.failed)),
    );
    return () => {
      current = false;
    };
  }, [request, backend]);

  /** Writes a prepared file, over the picture of its name if `replacing`, through the gate. */
  async function write({ file, picture, told }: Prepared, replacing = false) {
    setQuestion(undefined);
    setBusy(filled(library.saving, { name: file.name }));
    try {
      await backend!.persistMedia(assetOf(file, picture.url), { commitMessage: fill(library.uploadCommit, { path: `${ART_FOLDER}/${file.name}` }) });
      setPictures((listed = []) => [picture, ...listed.filter((other) => other.name !== picture.name)]);
      setNotice({ kind: 'told', said: [...told, ...(replacing ? [filled(library.replaced, { name: picture.name })] : []), ...(request?.forField ? [library.chooseIt] : [])] });
    } catch (error) {
      setNotice(refusedBy(error, library.refusedUpload));
    } finally {
      setBusy(undefined);
    }
  }

  async function upload(file: File) {
    setNotice(undefined);
    setQuestion(undefined);
    setBusy(filled(library.preparing, { file: file.name }));
    const prepared = await prepare(file, request?.slot).finally(() => setBusy(undefined));
    if ('problems' in prepared) return setNotice({ kind: 'refused', heading: library.notTaken, lines: prepared.problems });
    if (pictures?.some((picture) => picture.name === prepared.picture.name)) return setQuestion({ kind: 'replace', prepared, from: file.name });
    await write(prepared);
  }

  async function remove(name: string) {
    setQuestion(undefined);
    setBusy(filled(library.deleting, { name }));
    try {
      const path = `${ART_FOLDER}/${name}`;
      await backend!.deleteFiles([path], fill(library.deleteCommit, { path }));
      setPictures((listed = []) => listed.filter((picture) => picture.name !== name));
      setNotice({ kind: 'told', said: [filled(library.deleted, { name })] });
    } catch (error) {
      setNotice(refusedBy(error, library.refusedDelete));
    } finally {
      setBusy(undefined);
    }
  }

  /** Puts a picture in the field, once the site would take it there. */
  function use(picture: Picture) {
    const problem = request?.slot && pictureProblem(picture.name, new Map([[picture.name, picture.bytes]]), request.slot);
    if (problem) return setNotice({ kind: 'refused', heading: library.notForSlot, lines: [problem] });
    insert(picture.name);
    close();
  }

  const slot = request?.slot;
  const need = slot && pictureNeed(slot);
  return (
    <dialog
      ref={dialog}
      className="picture-library"
      aria-labelledby="picture-library-title"
      onClose={close}
      // Not closed while a picture is being written: what it says next is the answer.
      onCancel={(event) => busy && event.preventDefault()}
    >
      <header className="picture-library__header">
        <h2 id="picture-library-title">{library.title}</h2>
        <button type="button" onClick={close} disabled={Boolean(busy)}>
          {library.close}
        </button>
      </header>
      {slot && need ? <p>{filled(library.forSlot, { slot: library.slots[slot], width: String(need.width), height: String(need.height), drawingWidth: String(PICTURE_SLOTS[slot].width), drawingHeight: String(PICTURE_SLOTS[slot].height) })}</p> : null}
      <p className="picture-library__rules">{filled(library.rules, { limit: bytesInWords(MASTER_LIMITS.bytes), longSide: String(MASTER_LIMITS.longSide) })}</p>
      <p>
        <button type="button" className="picture-library__primary" onClick={() => input.current!.click()} disabled={Boolean(busy) || !pictures}>
          {library.upload}
        </button>
        <input
          ref={input}
          type="file"
          accept={TAKEN_TYPES}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so that the same file can be chosen again.
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </p>
      {busy ? <p role="status">{busy}</p> : null}
      {notice?.kind === 'told' ? (
        <p role="status" className="picture-library__told">
          {notice.said.map((sentence, index) => (
            <Fragment key={index}>
              {index > 0 ? ' ' : null}
              {sentence}
            </Fragment>
          ))}
        </p>
      ) : null}
      {notice?.kind === 'refused' ? (
        <div role="alert" className="picture-library__refused">
          <p>{notice.heading}</p>
          <ul>
            {notice.lines.map((line) => (
              <li key={line}>
                <code>{line}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {question ? (
        <div className="picture-library__question" role="group" aria-labelledby="picture-library-question">
          <p id="picture-library-question">{question.kind === 'replace' ? filled(library.replaceQuestion, { name: question.prepared.picture.name, file: question.from }) : filled(library.deleteQuestion, { name: question.name })}</p>
          <button type="button" onClick={() => void (question.kind === 'replace' ? write(question.prepared, true) : remove(question.name))}>
            {question.kind === 'replace' ? library.replaceYes : library.deleteYes}
          </button>
          <button type="button" onClick={() => setQuestion(undefined)}>
            {question.kind === 'replace' ? library.replaceNo : library.deleteNo}
          </button>
        </div>
      ) : null}
      {!pictures && request && backend ? <p>{library.loading}</p> : null}
      {pictures?.length === 0 ? <p>{library.none}</p> : null}
      <ul className="picture-library__pictures">
        {(pictures ?? []).map((picture) => (
          <li key={picture.name}>
            <img src={picture.url} alt="" />
            <span className="picture-library__name">{picture.name}</span>
            <span className="picture-library__size">
              {filled(library.size, { width: String(picture.width ?? '?'), height: String(picture.height ?? '?'), bytes: bytesInWords(picture.bytes.length) })}
            </span>
            {picture.name === request?.value ? <span className="picture-library__current">{library.inField}</span> : null}
            <span className="picture-library__buttons">
              {request?.forField ? (
                <button type="button" className="picture-library__primary" aria-label={fill(library.useLabel, { name: picture.name })} onClick={() => use(picture)} disabled={Boolean(busy)}>
                  {library.use}
                </button>
              ) : null}
              <button type="button" aria-label={fill(library.deleteLabel, { name: picture.name })} onClick={() => setQuestion({ kind: 'delete', name: picture.name })} disabled={Boolean(busy)}>
                {library.delete}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </dialog>
  );
}

/** What Decap's image field hands show(): its control's id (none from the Media button), its value, and its `media_library.config`. */
interface ShowArgs {
  id?: string;
  value?: string | string[];
  config?: { slot?: string };
}

/** The library as CMS.registerMediaLibrary takes it (decap-cms-core's mediaLibrary.ts): `init` once, then `show` and `hide`. */
export const pictureLibrary = {
  name: MEDIA_LIBRARY,
  init({ handleInsert }: { handleInsert: (name: string) => void }) {
    const element = document.createElement('div');
    document.body.append(element);
    const root = createRoot(element);
    const render = (request?: Request) => root.render(<Library request={request} insert={handleInsert} close={() => render(undefined)} />);
    render();
    return {
      show({ id, value, config = {} }: ShowArgs) {
        const slot = config.slot && Object.hasOwn(PICTURE_SLOTS, config.slot) ? (config.slot as PictureSlot) : undefined;
        render({ slot, value: typeof value === 'string' ? value : undefined, forField: Boolean(id) });
      },
      hide: () => render(undefined),
      // Decap shows its Media button, which opens the library on its own.
      enableStandalone: () => true,
      onClearControl: () => undefined,
      onRemoveControl: () => undefined,
    };
  },
};
