import { AccountsPanel } from './accounts-panel';
import { BlocksPanel } from './blocks-panel';
import { FollowersPanel } from './followers-panel';
import { ReactionsPanel } from './reactions-panel';
import { RepliesPanel } from './replies-panel';

/**
 * The admin's "Fediverso" tab (issue 45): the replies waiting for her first
 * (what asks for her), the likes and boosts of her posts, her two accounts,
 * their followers and her blocks. Loaded when the tab is opened (admin-panel.tsx).
 */
export default function FediverseManager() {
  return (
    <div className="grid max-w-5xl gap-6">
      <RepliesPanel />
      <ReactionsPanel />
      <AccountsPanel />
      <FollowersPanel />
      <BlocksPanel />
    </div>
  );
}
