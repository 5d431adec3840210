/** The repayments feature's public face: the confirmations before money moves (the loan screen's payout receipt asks them too). */
export { moneyMoveTexts } from './money-move-texts';
