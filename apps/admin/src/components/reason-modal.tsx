import { useTranslation } from '@bolsa/client-kit/i18n';
import { Form, Input, Modal } from 'antd';

type ReasonModalProps = {
  isOpen: boolean;
  title: string;
  isSubmitting: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
};

/** Asks the reason the user will read with a refusal (at most 200 characters, as the server allows). */
export function ReasonModal({ isOpen, title, isSubmitting, onSubmit, onCancel }: ReasonModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={isOpen}
      title={title}
      okText={t('reviews.reject')}
      okButtonProps={{ danger: true, loading: isSubmitting, htmlType: 'submit' }}
      cancelText={t('common.cancel')}
      onCancel={onCancel}
      destroyOnHidden
      modalRender={(content) => (
        <Form form={form} layout="vertical" onFinish={(values) => onSubmit(values.reason.trim())} clearOnDestroy>
          {content}
        </Form>
      )}
    >
      <Form.Item
        name="reason"
        label={t('reviews.reason')}
        rules={[
          { required: true, whitespace: true, message: t('reviews.reasonRequired') },
          { max: 200, message: t('reviews.reasonTooLong') },
        ]}
      >
        <Input.TextArea rows={3} maxLength={200} showCount autoFocus />
      </Form.Item>
    </Modal>
  );
}
