import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditableProfile, OwnPhoto } from '../../shared/api/types';
import type { FieldError } from '../../shared/api/errors';
import { useErrorText } from '../../shared/ui/form';
import { profileApi } from './profileApi';
import { photoFileProblem, uploadError } from './profileLogic';

type Notice = { ok: boolean; text: string } | null;

/** My photos' changes (upload with progress, main photo, delete), each saying how it went. */
export function usePhotos(profile: EditableProfile, onChange: (profile: EditableProfile) => void) {
  const { t } = useTranslation('profile');
  const { errorText, fieldText } = useErrorText();
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  /** The server's view after a change (main photo may move); the local guess if that fails. */
  const refresh = async (fallback: EditableProfile) => {
    try {
      onChange(await profileApi.get());
    } catch {
      onChange(fallback);
    }
  };

  const act = async (task: () => Promise<EditableProfile>, success: string | ((done: EditableProfile) => string), upload = false) => {
    setBusy(true);
    setNotice(null);
    try {
      const done = await task();
      await refresh(done);
      setNotice({ ok: true, text: typeof success === 'string' ? success : success(done) });
    } catch (error) {
      setNotice({ ok: false, text: (upload ? fieldText(uploadError(error)) : null) ?? errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem: FieldError | null = photoFileProblem(file);
    if (problem) {
      setNotice({ ok: false, text: fieldText(problem) ?? '' });
      return;
    }
    setProgress(0);
    void act(
      async () => {
        try {
          const photo = await profileApi.uploadPhoto(file, ({ loaded, total }) => {
            if (total) setProgress(Math.round((loaded / total) * 100));
          });
          return { ...profile, photos: [...profile.photos, photo] };
        } finally {
          setProgress(null);
        }
      },
      // A photo matching a known one is held (issue 31.3): said at once, its reason on the photo.
      (done) => t(done.photos.at(-1)?.status === 'held' ? 'photos.uploadedHeld' : 'photos.uploaded'),
      true,
    );
  };

  const makeMain = (photo: OwnPhoto) =>
    void act(async () => {
      await profileApi.setMainPhoto(photo.id);
      return { ...profile, photos: profile.photos.map((p) => ({ ...p, is_main: p.id === photo.id })) };
    }, t('photos.mainSet'));
  const remove = (photo: OwnPhoto) =>
    void act(async () => {
      await profileApi.deletePhoto(photo.id);
      return { ...profile, photos: profile.photos.filter((p) => p.id !== photo.id) };
    }, t('photos.deleted'));

  return { progress, busy, notice, choose, makeMain, remove };
}
