// The `screenshots.add` use case up to the queue: check every dropped file, normalise every link,
// keep within the cap, and copy the accepted files into the data folder. What to queue comes out
// in drop order; every refusal comes out with its reason. Queuing itself belongs to the store.
import { normalizeScreenshotUrls } from '../../contract/rules/screenshots';
import { checkScreenshotFile, type ScreenshotKind } from './checkScreenshotFile';
import { planScreenshotAdd, type ScreenshotRefusal } from './planScreenshotAdd';
import {
  StageScreenshotError,
  stageScreenshotFile,
  type StageOptions,
} from './stageScreenshotFile';

export interface StagedScreenshotFile {
  /** The copy in the data folder: what the upload reads. */
  stagedPath: string;
  /** The original's file name, for the seller's eyes only. */
  name: string;
  kind: ScreenshotKind;
  bytes: number;
}

export interface PreparedScreenshotAdd {
  files: StagedScreenshotFile[];
  urls: string[];
  refused: ScreenshotRefusal[];
}

export interface PrepareScreenshotAddInput {
  /** Screenshots the offer holds or has queued already. */
  existing: number;
  /** Paths of the dropped or picked files (main resolved the renderer's references). */
  files: readonly string[];
  /** Raw link text as dropped or pasted; may hold several links per item. */
  urls: readonly string[];
  dataDir: string;
}

export async function prepareScreenshotAdd(
  input: PrepareScreenshotAddInput,
  options: StageOptions = {},
): Promise<PreparedScreenshotAdd> {
  const checked = await Promise.all(input.files.map((path) => checkScreenshotFile(path)));
  const links = normalizeScreenshotUrls(input.urls);
  const plan = planScreenshotAdd({ existing: input.existing, files: checked, urls: links.urls });
  const refused: ScreenshotRefusal[] = [...plan.refused, ...links.refused];

  const files: StagedScreenshotFile[] = [];
  for (const file of plan.files) {
    try {
      const stagedPath = await stageScreenshotFile(file.path, input.dataDir, options);
      files.push({ stagedPath, name: file.name, kind: file.kind, bytes: file.bytes });
    } catch (error) {
      if (!(error instanceof StageScreenshotError)) throw error;
      refused.push({
        item: error.item,
        reason: error.reason,
        ...(error.say && { say: error.say }),
      });
    }
  }
  return { files, urls: plan.urls, refused };
}
