/**
 * The landing pages by name (see the routes 'lander-*' and 'members-id-landing*').
 * Each page is its own design; all share the hooks and parts in this folder.
 */
import type { ComponentType } from 'react';
import './landers.scss';
import { AloneTonightLander } from './pages/AloneTonightLander';
import { CollageLander } from './pages/CollageLander';
import { GalleryLander } from './pages/GalleryLander';
import { IconsLander } from './pages/IconsLander';
import { MapLander } from './pages/MapLander';
import { MemberLanding, MemberLanding2, MemberLanding3, MemberSignup } from './pages/MemberLanders';
import { SocialNetworkLander } from './pages/SocialNetworkLander';
import { TinderSwipeLander } from './pages/TinderSwipeLander';
import { TransitionsVideoLander } from './pages/TransitionsVideoLander';
import { VideoLander } from './pages/VideoLander';

export const LANDER_PAGES: Record<string, ComponentType> = {
  alonetonight: AloneTonightLander,
  collagelanding: CollageLander,
  gallery: GalleryLander,
  iconslanding: IconsLander,
  maplanding: MapLander,
  socialnetwork: SocialNetworkLander,
  transitionsvideolanding: TransitionsVideoLander,
  video: VideoLander,
  tinderswipe: TinderSwipeLander,
  'member-landing': MemberLanding,
  'member-signup': MemberSignup,
  'member-landing2': MemberLanding2,
  'member-landing3': MemberLanding3,
};
