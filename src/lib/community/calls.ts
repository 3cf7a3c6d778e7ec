import { createCommunity, type Community } from './index';
import { supabase } from '../supabase';

/**
 * The community calls bound to the site's one client, for the islands. Kept apart from
 * index.ts so that the queries load without the site's build environment (tests, bench).
 */

let shared: Community | undefined;
function community(): Community {
  shared ??= createCommunity(supabase());
  return shared;
}

export const listPosts: Community['listPosts'] = (options) => community().listPosts(options);
export const addPost: Community['addPost'] = (input) => community().addPost(input);
export const listIdeas: Community['listIdeas'] = (options) => community().listIdeas(options);
export const addIdea: Community['addIdea'] = (input) => community().addIdea(input);
export const randomIdea: Community['randomIdea'] = (knownTotal) => community().randomIdea(knownTotal);
export const matchingIdeaBatches: Community['matchingIdeaBatches'] = (filter) =>
  community().matchingIdeaBatches(filter);
