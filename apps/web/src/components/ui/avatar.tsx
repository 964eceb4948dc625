import { useState } from 'react';
import { initials } from '../../lib/format';

interface AvatarProps {
  name: string;
  /** An object URL of the picture; initials until one exists. */
  src?: string | undefined;
  size?: number;
}

export function Avatar({ name, src, size = 64 }: AvatarProps) {
  // A picture that arrives but cannot be shown (a cut download, a file the phone cannot decode) falls
  // back to the initials rather than a broken-image icon; a new picture is tried afresh.
  const [brokenSrc, setBrokenSrc] = useState<string | undefined>();
  const showPicture = src !== undefined && src !== '' && src !== brokenSrc;
  return (
    <span className="avatar" style={{ width: size, height: size, fontSize: size / 2.6 }} aria-hidden="true">
      {showPicture ? <img src={src} alt="" width={size} height={size} onError={() => setBrokenSrc(src)} /> : initials(name)}
    </span>
  );
}
