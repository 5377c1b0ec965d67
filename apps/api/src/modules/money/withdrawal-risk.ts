import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { FlowPort } from '../../common/flow-port';

/**
 * Risk rule payout_change_withdrawal: a withdrawal asked soon after the payout account changed. Committed on its own,
 * before the withdrawal's transaction, whatever the withdrawal's fate.
 */
export type WithdrawalAskedHandler = (userId: number) => Promise<void>;

/** Money's port for the risk check of a withdrawal asked, served by the risk-signals flow. */
@Injectable()
export class WithdrawalAsked extends FlowPort<WithdrawalAskedHandler> {
  constructor() {
    super('the risk check of a withdrawal asked');
  }
}

/** A withdrawal hold (an open or confirmed withdrawal-holding risk signal) refuses the withdrawal, in its transaction. */
export type WithdrawalHoldHandler = (em: Pick<EntityManager, 'query'>, userId: number) => Promise<void>;

/** Money's port for the risk queue's withdrawal holds, served by the risk-signals flow. */
@Injectable()
export class WithdrawalHold extends FlowPort<WithdrawalHoldHandler> {
  constructor() {
    super("the risk queue's withdrawal holds");
  }
}
