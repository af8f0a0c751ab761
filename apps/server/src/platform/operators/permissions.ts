import { type OperatorPermission, roleHasPermission } from '@bolsa/contracts';
import { AppError, type OperatorPrincipal } from '../http/index.ts';

/**
 * The first line of every operator service: refuses, before anything is read or written, an operator
 * whose role (from the one list in packages/contracts) does not grant the permission.
 */
export function requirePermission(operator: OperatorPrincipal, permission: OperatorPermission): void {
  if (!roleHasPermission(operator.role, permission)) throw new AppError('OPERATOR_FORBIDDEN');
}
