import { showForResource } from '../../descriptors/operation';
import { recordIdParameter } from '../../descriptors/locators';

export const { property: shareTemplateIdProperty, read: getShareTemplateId } = recordIdParameter({
	name: 'shareTemplateId',
	displayName: 'Share Template',
	recordName: 'share template',
	searchListMethod: 'searchShareTemplates',
});

export const showFor = showForResource('shareTemplate');
