/**
 * Decap's picture field, showing the picture an entry already has. While it
 * fetches the file Decap hands the field a blank placeholder and the field
 * never asks again (decap-cms#7099), so an opened category showed an empty
 * frame: this asks again until the answer is the picture itself.
 */
import { useCallback, useEffect, useState, type ComponentType } from 'react';

type GetAsset = (path: string, field: unknown) => { path: string };
type Props = { getAsset: GetAsset } & Record<string, unknown>;
export type PictureControl = ComponentType<Props>;

export function withPictureShown(Control: PictureControl): PictureControl {
  return function PictureControl(props) {
    const [asked, setAsked] = useState(0);
    const [waiting, setWaiting] = useState(false);
    const { getAsset } = props;
    // A new function each time it asks again: that is what makes the field ask.
    const askAgain = useCallback<GetAsset>(
      (path, field) => {
        const asset = getAsset(path, field);
        // The picture's asset has its path in the media folder; the placeholder, a name of its own.
        setWaiting(!asset.path.endsWith(`/${path}`));
        return asset;
      },
      // `asked` is not read: it is what renews the function.
      [getAsset, asked],
    );
    useEffect(() => {
      if (!waiting) return;
      const timer = setTimeout(() => setAsked((count) => count + 1), 250);
      return () => clearTimeout(timer);
    }, [waiting, asked]);
    return <Control {...props} getAsset={askAgain} />;
  };
}
