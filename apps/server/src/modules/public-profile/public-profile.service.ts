import { PUBLIC_PROFILE_FILES_MAX, type PublicProfile, type PublicVideo } from '@printdeck/shared';
import { workspaceNotFound } from '../workspaces/workspaces.service.js';
import type { PublicProfileRepository } from './public-profile.repository.js';

/**
 * A workspace's public profile (ARCHITECTURE §6, checklist C22): readable by anyone while the
 * workspace is public, and then only its public fields and explicitly public files. A private
 * or unknown workspace answers the same 404.
 */
export function createPublicProfileService(deps: {
  profiles: PublicProfileRepository;
  publicVideos: (workspaceId: number) => Promise<PublicVideo[]>;
}) {
  const { profiles } = deps;
  return {
    async getPublicProfile(uniqueId: string): Promise<PublicProfile> {
      const workspace = await profiles.findPublicWorkspace(uniqueId);
      if (!workspace) throw workspaceNotFound(uniqueId);
      const [files, filesCount, videos] = await Promise.all([
        profiles.listPublicFiles(workspace.id, PUBLIC_PROFILE_FILES_MAX),
        profiles.countPublicFiles(workspace.id),
        deps.publicVideos(workspace.id),
      ]);
      return {
        uniqueId: workspace.unique_id,
        name: workspace.name,
        public_description: workspace.public_description,
        public_website_url: workspace.public_website_url,
        files: files.map(({ uploaded_on, ...file }) => ({
          ...file,
          uploadedOn: uploaded_on,
          download_url: `/api/files/${file.id}/content/`,
        })),
        files_count: filesCount,
        videos,
      };
    },
  };
}

export type PublicProfileService = ReturnType<typeof createPublicProfileService>;
