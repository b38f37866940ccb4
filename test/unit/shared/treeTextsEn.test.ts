// The texts of every row of the seeded sandbox tree, in English (test/support/treeTexts.ts).
import { treeTextTests } from '../../support/treeTexts';

treeTextTests('en');
