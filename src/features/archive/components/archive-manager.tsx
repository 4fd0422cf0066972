import { BackupsSection } from './backups-section';
import { DemoContentSection } from './demo-content-section';
import { ExportSection } from './export-section';
import { ImportSection } from './import-section';

/**
 * The admin's "Importar e exportar" tab (issue 24). Loaded only when the tab
 * is opened (admin-panel.tsx), so the readers' libraries reach neither the
 * public pages nor the rest of the admin; the file itself is read in a worker.
 */
export default function ArchiveManager() {
  return (
    <div className="grid max-w-3xl gap-6">
      <ImportSection />
      <ExportSection />
      <BackupsSection />
      <DemoContentSection />
    </div>
  );
}
