import { createApp } from 'vue'
import '../../styles/theme.css'
import App from './App.vue'

createApp(App).mount('#app')
