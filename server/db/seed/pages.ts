// Information pages with fixed ids: the footer links /content/{id}-{slug} (SPEC §2).
import type * as s from "#server/db/schema/index.ts";
import { SELLER } from "#core/documents/seller.ts";

type Page = { id: number; slug: string; inFooter: boolean; position: number; fr: [string, string]; zh: [string, string] };

const PAGES: Page[] = [
  {
    id: 1,
    slug: "livraison",
    inFooter: true,
    position: 2,
    fr: [
      "Livraison",
      `<h2>Nos modes de livraison</h2>
<p>Nous livrons toute la France métropolitaine depuis nos entrepôts d'Île-de-France. Le mode de livraison est proposé automatiquement selon le volume et le poids de votre commande :</p>
<ul><li><strong>Colis</strong> : pour les commandes légères, livrées en 24 à 72 h ouvrées par notre transporteur partenaire.</li>
<li><strong>Palette</strong> : pour les commandes volumineuses ou lourdes, livrées sur rendez-vous par transporteur avec hayon.</li>
<li><strong>Transporteur dédié</strong> : pour les commandes de plusieurs palettes ou les livraisons urgentes en Île-de-France.</li>
<li><strong>Retrait en magasin</strong> : gratuit, dans nos magasins d'Aubervilliers ou de Vitry-sur-Seine.</li></ul>
<h2>Frais de port</h2>
<p>La livraison est offerte à partir de 300 € HT d'achat pour une palette, 600 € HT pour deux palettes et 900 € HT au-delà. En dessous de ce seuil, les frais de port sont calculés au moment de la commande selon le code postal, le volume et le poids. Le minimum de commande est de 50 € HT.</p>
<h2>Délais et rendez-vous</h2>
<p>Pour une préparation le jour même, passez votre commande ou appelez-nous avant 11 h 30. Les livraisons sur palette ne sont pas possibles en Corse ni en outre-mer ; la livraison sur rendez-vous n'est pas proposée en Corse.</p>
<p>Indiquez vos jours et horaires de réception dans votre compte : nos transporteurs en tiennent compte pour planifier la livraison.</p>`,
    ],
    zh: [
      "配送",
      `<h2>配送方式</h2>
<p>我们从法兰西岛仓库向法国本土全境配送。系统会根据订单的体积和重量自动推荐配送方式：</p>
<ul><li><strong>包裹</strong>：适用于轻量订单，由合作快递在 24 至 72 个工作小时内送达。</li>
<li><strong>托盘</strong>：适用于大件或重型订单，由带尾板的物流车预约送货。</li>
<li><strong>专车物流</strong>：适用于多托盘订单或法兰西岛内的加急配送。</li>
<li><strong>门店自提</strong>：免费，可在欧贝维利耶或维特里门店提货。</li></ul>
<h2>运费</h2>
<p>一托盘订单满 300 欧元（不含税）免运费，两托盘满 600 欧元，更多托盘满 900 欧元。未达门槛时，运费在下单时根据邮编、体积和重量计算。最低起订金额为 50 欧元（不含税）。</p>
<h2>时效与预约</h2>
<p>如需当天备货，请在 11:30 前下单或致电我们。科西嘉及海外省不提供托盘配送；科西嘉不提供预约送货。</p>
<p>请在账户中填写您的收货日期和时段，物流公司将据此安排送货。</p>`,
    ],
  },
  {
    id: 2,
    slug: "cgv",
    inFooter: true,
    position: 5,
    fr: [
      "Conditions générales de vente",
      `<h2>Article 1 – Objet</h2>
<p>Les présentes conditions générales de vente régissent les ventes conclues sur le site et dans les magasins de Comptoir de l'Emballage, auprès de clients professionnels et particuliers.</p>
<h2>Article 2 – Prix</h2>
<p>Les prix sont indiqués en euros hors taxes ; la TVA au taux en vigueur est ajoutée lors de la commande. Les prix applicables sont ceux affichés au jour de la commande. Certaines références bénéficient de remises par quantité.</p>
<h2>Article 3 – Commande et paiement</h2>
<p>La commande est ferme après paiement par carte bancaire. Le minimum de commande est de 50 € HT. Les comptes professionnels peuvent, après accord, régler par virement à réception de facture.</p>
<h2>Article 4 – Livraison et transfert des risques</h2>
<p>Les délais sont donnés à titre indicatif. Le client vérifie les marchandises à la réception et formule ses réserves précises auprès du transporteur dans les trois jours, par lettre recommandée.</p>
<h2>Article 5 – Retours</h2>
<p>Le client dispose de 15 jours à compter de la livraison pour retourner des articles non utilisés, dans leur emballage d'origine. Les articles imprimés à la demande et les produits d'hygiène ouverts ne sont ni repris ni échangés.</p>
<h2>Article 6 – Réserve de propriété</h2>
<p>Les marchandises restent la propriété de Comptoir de l'Emballage jusqu'au paiement intégral du prix.</p>
<h2>Article 7 – Litiges</h2>
<p>Les présentes conditions sont soumises au droit français. À défaut d'accord amiable, tout litige avec un professionnel relève du tribunal de commerce de Bobigny.</p>`,
    ],
    zh: [
      "销售条款",
      `<h2>第一条 – 适用范围</h2>
<p>本销售条款适用于 Comptoir de l'Emballage 在网站及门店与专业客户和个人客户达成的所有销售。</p>
<h2>第二条 – 价格</h2>
<p>价格以欧元标示，不含税；下单时按现行税率加收增值税。以下单当日显示的价格为准。部分商品享受批量折扣。</p>
<h2>第三条 – 订单与付款</h2>
<p>以银行卡付款后订单即确认。最低起订金额为 50 欧元（不含税）。经同意，专业客户可在收到发票后以转账方式付款。</p>
<h2>第四条 – 交货与风险转移</h2>
<p>交货时间仅供参考。客户应在收货时检查货物，并在三日内以挂号信向承运商提出具体保留意见。</p>
<h2>第五条 – 退货</h2>
<p>客户自收货之日起 15 天内可退回未使用且保留原包装的商品。定制印刷商品和已开封的卫生用品不予退换。</p>
<h2>第六条 – 所有权保留</h2>
<p>在全额付款之前，货物所有权归 Comptoir de l'Emballage 所有。</p>
<h2>第七条 – 争议</h2>
<p>本条款适用法国法律。如无法友好解决，与专业客户的争议由博比尼商事法院管辖。</p>`,
    ],
  },
  {
    id: 3,
    slug: "mentions-legales",
    inFooter: false,
    position: 6,
    fr: [
      "Mentions légales",
      `<h2>Éditeur du site</h2>
<p>${SELLER.legalName}, au capital de ${SELLER.capital}, dont le siège est situé ${SELLER.address[0]}, ${SELLER.address[1]}. Téléphone : ${SELLER.phone}. Courriel : ${SELLER.email}.</p>
<p>Directeur de la publication : le président de la société.</p>
<h2>Hébergement</h2>
<p>Le site est hébergé dans l'Union européenne par un prestataire dont les coordonnées sont disponibles sur simple demande.</p>
<h2>Propriété intellectuelle</h2>
<p>Les textes, illustrations et marques présents sur le site sont protégés. Toute reproduction sans autorisation écrite est interdite.</p>`,
    ],
    zh: [
      "法律声明",
      `<h2>网站发布者</h2>
<p>Comptoir de l'Emballage 简化股份有限公司，注册资本 ${SELLER.capital.replace(" €", " 欧元")}，注册地址：${SELLER.address[0]}, ${SELLER.address[1]}。电话：${SELLER.phone}。邮箱：${SELLER.email}。</p>
<p>出版负责人：公司总裁。</p>
<h2>网站托管</h2>
<p>本网站托管于欧盟境内的服务商，其联系方式可应要求提供。</p>
<h2>知识产权</h2>
<p>网站上的文字、图片和商标均受保护，未经书面许可禁止复制。</p>`,
    ],
  },
  {
    id: 4,
    slug: "devis-en-ligne",
    inFooter: true,
    position: 1,
    fr: [
      "Devis en ligne",
      `<h2>Obtenez un devis en quelques minutes</h2>
<p>Vous préparez une commande importante ou récurrente ? Ajoutez les références souhaitées à votre panier puis demandez un devis depuis votre compte : il est établi à partir de nos prix de gros et reste valable 30 jours.</p>
<p>Retrouvez tous vos devis dans la rubrique « Mes devis » de votre compte, téléchargeables en PDF, et transformez-les en commande en un clic.</p>
<h2>Grandes quantités et impressions personnalisées</h2>
<p>Pour des quantités supérieures au maximum commandable en ligne, des cartons sur mesure ou des sacs imprimés à votre logo, contactez notre service commercial au ${SELLER.phone} ou posez votre question depuis votre compte : nous vous répondons sous 24 h ouvrées.</p>`,
    ],
    zh: [
      "在线报价",
      `<h2>几分钟内获取报价</h2>
<p>您需要准备大批量或定期订单？请将所需商品加入购物车，然后在账户中申请报价：报价依据我们的批发价格制作，有效期 30 天。</p>
<p>所有报价均可在账户的“我的报价”中查看并下载 PDF，一键转为订单。</p>
<h2>大批量与定制印刷</h2>
<p>如需超过网上最大可购数量、定制尺寸纸箱或印有您标志的袋子，请致电销售部 ${SELLER.phone}，或在账户中提交问题：我们将在 24 个工作小时内回复。</p>`,
    ],
  },
  {
    id: 5,
    slug: "notre-marque",
    inFooter: true,
    position: 4,
    fr: [
      "Notre marque",
      `<h2>Comptoir de l'Emballage</h2>
<p>Grossiste en emballages et fournitures depuis plus de vingt ans, Comptoir de l'Emballage accueille les professionnels et les particuliers dans plus de 10 000 m² de magasins et d'entrepôts en Île-de-France.</p>
<p>Plus de 8 000 références sont disponibles en stock : cartons, films, adhésifs, sacs, emballages alimentaires, produits d'hygiène et matériel d'emballage.</p>
<h2>La marque Comptoir</h2>
<p>Nos produits à marque Comptoir sont sélectionnés pour leur rapport qualité-prix et contrôlés à chaque arrivage. Nous développons une gamme croissante de produits recyclés, recyclables ou compostables.</p>`,
    ],
    zh: [
      "我们的品牌",
      `<h2>Comptoir de l'Emballage</h2>
<p>Comptoir de l'Emballage 从事包装与用品批发二十余年，在法兰西岛拥有超过 10 000 平方米的门店与仓库，服务专业客户和个人客户。</p>
<p>库存商品超过 8 000 种：纸箱、薄膜、胶带、袋子、食品包装、卫生用品和包装设备。</p>
<h2>Comptoir 自有品牌</h2>
<p>Comptoir 品牌产品以高性价比精选，每批到货均经检验。我们不断扩充再生、可回收和可堆肥产品系列。</p>`,
    ],
  },
  {
    id: 6,
    slug: "politique-de-confidentialite",
    inFooter: false,
    position: 7,
    fr: [
      "Politique de confidentialité",
      `<h2>Données collectées</h2>
<p>Nous collectons les données nécessaires à la gestion de votre compte et de vos commandes : identité, société, coordonnées, adresses de livraison et de facturation, historique d'achats.</p>
<h2>Cookies</h2>
<p>Un cookie de connexion conserve votre session ; il n'est conservé durablement que si vous l'acceptez dans le bandeau de consentement. Vous pouvez modifier votre choix à tout moment depuis le pied de page.</p>
<h2>Vos droits</h2>
<p>Conformément au RGPD, vous disposez d'un droit d'accès, de rectification, d'effacement et d'opposition. Écrivez-nous à dpo@comptoir-emballage.fr. Les données de facturation sont conservées dix ans, comme l'exige la loi.</p>`,
    ],
    zh: [
      "隐私政策",
      `<h2>收集的数据</h2>
<p>我们收集管理您的账户和订单所需的数据：身份、公司、联系方式、收货和发票地址、购买记录。</p>
<h2>Cookie</h2>
<p>登录 Cookie 用于保持会话；只有在您于同意栏中接受后才会长期保存。您可随时通过页脚修改选择。</p>
<h2>您的权利</h2>
<p>根据《通用数据保护条例》，您享有访问、更正、删除和反对的权利。请发送邮件至 dpo@comptoir-emballage.fr。发票数据依法保存十年。</p>`,
    ],
  },
  {
    id: 7,
    slug: "retours",
    inFooter: false,
    position: 8,
    fr: [
      "Retours et échanges",
      `<h2>15 jours pour changer d'avis</h2>
<p>Vous disposez de 15 jours à compter de la livraison pour nous retourner des articles non utilisés, complets et dans leur emballage d'origine.</p>
<h2>Comment faire ?</h2>
<p>Depuis la rubrique « Suivi de commande et retours » de votre compte, sélectionnez la commande et les articles concernés. Vous pouvez rapporter les articles dans l'un de nos magasins ou nous les renvoyer.</p>
<p>Après contrôle, un avoir du montant correspondant est établi ; il est utilisable sur vos prochaines commandes ou remboursé sur demande.</p>
<h2>Exceptions</h2>
<p>Les articles imprimés ou fabriqués sur mesure, ainsi que les produits d'hygiène et alimentaires dont l'emballage a été ouvert, ne sont ni repris ni échangés.</p>`,
    ],
    zh: [
      "退换货",
      `<h2>15 天无忧退货</h2>
<p>自收货之日起 15 天内，您可退回未使用、完整且保留原包装的商品。</p>
<h2>如何办理？</h2>
<p>在账户的“订单跟踪与退货”中选择相关订单和商品。您可将商品送回任一门店，或寄回给我们。</p>
<p>经检验后，我们将开具相应金额的退款凭证（avoir），可用于下次订单，或应要求退款。</p>
<h2>例外</h2>
<p>定制印刷或定制生产的商品，以及已开封的卫生和食品类商品，不予退换。</p>`,
    ],
  },
  {
    id: 8,
    slug: "moyens-de-paiements",
    inFooter: true,
    position: 3,
    fr: [
      "Moyens de paiement",
      `<h2>Paiement en ligne</h2>
<p>Les commandes passées sur le site se règlent par carte bancaire (CB, Visa, Mastercard) sur une page de paiement sécurisée 3-D Secure. Votre commande est confirmée dès l'acceptation du paiement ; en cas d'échec, vous pouvez relancer le paiement depuis votre compte.</p>
<h2>Paiement en magasin</h2>
<p>Dans nos magasins, vous pouvez régler par carte bancaire ou en espèces dans la limite fixée par la réglementation.</p>
<h2>Comptes professionnels</h2>
<p>Après étude de votre dossier, le paiement par virement à 30 jours est possible. Vos avoirs et bons de réduction sont déduits directement lors de la commande.</p>`,
    ],
    zh: [
      "支付方式",
      `<h2>在线支付</h2>
<p>网站订单可在 3-D Secure 安全支付页面使用银行卡（CB、Visa、Mastercard）付款。付款成功后订单即确认；如付款失败，可在账户中重新支付。</p>
<h2>门店支付</h2>
<p>在门店可使用银行卡付款，或在法规限额内以现金付款。</p>
<h2>专业客户账户</h2>
<p>经审核后可使用 30 天账期转账付款。您的退款凭证和优惠券将在下单时直接抵扣。</p>`,
    ],
  },
];

export const CONTENT_PAGES: (typeof s.contentPages.$inferInsert & { id: number })[] = PAGES.map(({ id, slug, inFooter, position }) => ({
  id,
  slug,
  inFooter,
  position,
}));

export const CONTENT_PAGE_TRANSLATIONS: (typeof s.contentPageTranslations.$inferInsert)[] = PAGES.flatMap((p) => [
  { pageId: p.id, lang: "fr", title: p.fr[0], body: p.fr[1] },
  { pageId: p.id, lang: "zh", title: p.zh[0], body: p.zh[1] },
]);
