/**
 * A save refused because the row changed elsewhere since the form loaded it.
 * The database decides: the update names the `updated_at` the form loaded, so
 * it matches no row once someone else has saved (or deleted) it. `latest` is
 * the row as it is now (null: deleted), for "Carregar a outra versão".
 */
export class EditConflictError<T> extends Error {
  constructor(readonly latest: T | null) {
    super('The row changed elsewhere since it was loaded');
    this.name = 'EditConflictError';
  }
}

export const isEditConflict = <T>(error: unknown): error is EditConflictError<T> => error instanceof EditConflictError;
