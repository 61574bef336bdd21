// A Svelte action that makes any element (an offers-table row, a card) take dropped screenshots:
// it marks the element while something droppable hovers (`data-screenshot-drop="files|links"`,
// for the caller's CSS) and hands the drop's files and links to `ondrop`. The caller sends them
// with `addDroppedScreenshots` and reports the outcome where it fits.
import { dragPayloadOf, linksFromDrop } from './droppedLinks';

export interface ScreenshotDropParams {
  disabled?: boolean;
  ondrop: (drop: { files: File[]; urls: string[] }) => void;
}

export function screenshotDropTarget(node: HTMLElement, initial: ScreenshotDropParams) {
  let params = initial;
  let depth = 0;

  const clear = () => {
    depth = 0;
    node.removeAttribute('data-screenshot-drop');
  };
  const onEnter = (event: DragEvent) => {
    const payload = dragPayloadOf([...(event.dataTransfer?.types ?? [])]);
    if (payload === 'none' || params.disabled) return;
    event.preventDefault();
    depth += 1;
    node.setAttribute('data-screenshot-drop', payload);
  };
  const onOver = (event: DragEvent) => {
    if (depth === 0 || !event.dataTransfer) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onLeave = () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) clear();
  };
  const onDrop = (event: DragEvent) => {
    const transfer = event.dataTransfer;
    const armed = depth > 0;
    clear();
    if (!transfer || !armed || params.disabled) return;
    event.preventDefault();
    params.ondrop({
      files: [...transfer.files],
      urls: linksFromDrop((type) => transfer.getData(type)),
    });
  };

  node.addEventListener('dragenter', onEnter);
  node.addEventListener('dragover', onOver);
  node.addEventListener('dragleave', onLeave);
  node.addEventListener('drop', onDrop);
  return {
    update(next: ScreenshotDropParams) {
      params = next;
    },
    destroy() {
      node.removeEventListener('dragenter', onEnter);
      node.removeEventListener('dragover', onOver);
      node.removeEventListener('dragleave', onLeave);
      node.removeEventListener('drop', onDrop);
    },
  };
}
