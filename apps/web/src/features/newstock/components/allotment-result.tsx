import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Offering } from '@bolsa/contracts';
import { useState } from 'react';
import { useAllotmentResult } from '../api/new-stock.ts';

/**
 * The published draw of an offering: the committed hash, the revealed seed and every application's
 * lots, so anyone can run the rule again (sha256 of "seed:application:ticket", lowest first).
 */
export function AllotmentResult({ offering }: { offering: Offering }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const result = useAllotmentResult(isOpen ? offering.id : null);
  return (
    <div className="ipo-result">
      <button type="button" className="button button-default button-block" aria-expanded={isOpen} onClick={() => setIsOpen(!isOpen)}>
        {isOpen ? t('newstock.result.hide') : t('newstock.result.show')}
      </button>
      {isOpen ? (
        <div className="ipo-result-body">
          <p className="ipo-note">{t(`newstock.rules.${offering.allocationRule}Explained`)}</p>
          <p className="ipo-hash">
            <span>{t('newstock.result.seedHash')}</span>
            <code>{offering.seedHash}</code>
          </p>
          <p className="ipo-hash">
            <span>{t('newstock.result.seed')}</span>
            <code>{offering.seed}</code>
          </p>
          {result.data ? (
            <table className="ipo-lines">
              <caption>{t('newstock.result.lines', { total: result.data.lines.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('newstock.result.application')}</th>
                  <th scope="col">{t('newstock.result.applied')}</th>
                  <th scope="col">{t('newstock.result.allotted')}</th>
                </tr>
              </thead>
              <tbody>
                {result.data.lines.slice(0, 50).map((line) => (
                  <tr key={line.applicationNo}>
                    <td>#{line.applicationNo}</td>
                    <td>{line.appliedLots}</td>
                    <td>{line.allottedLots}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="ipo-note">{result.isError ? t('newstock.loadFailed') : t('common.loading')}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
