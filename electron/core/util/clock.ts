// The clock is defined in the contract (the sandbox takes one too); core's callers import it here.
export { systemClock, type Clock } from '../../contract/clock';
